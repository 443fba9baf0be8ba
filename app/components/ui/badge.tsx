import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";

import { cx } from "~/lib/cx";
import { Slot } from "./slot";

// The styles are component classes in app/app.css (.badge, .badge-<variant>).
const badgeVariants = cva("badge", {
  variants: {
    variant: {
      default: "badge-default",
      secondary: "badge-secondary",
      destructive: "badge-destructive",
      outline: "badge-outline",
      success: "badge-success",
      warning: "badge-warning",
    },
  },
  defaultVariants: {
    variant: "default",
  },
});

type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean };

function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : "span";

  return <Comp data-slot="badge" className={cx(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge, type BadgeProps };
