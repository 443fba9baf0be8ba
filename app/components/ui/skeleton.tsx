import type * as React from "react";

import { cn } from "~/lib/utils";

/** A loading placeholder. Decorative: announce loading on the container (`aria-busy`, a live text). */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted-foreground/15", className)}
      {...props}
    />
  );
}

export { Skeleton };
