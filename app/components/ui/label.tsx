import type * as React from "react";

import { cx } from "~/lib/cx";

/** A form label (a plain <label>: the public site's forms need nothing from Radix's). */
function Label({ className, ...props }: React.ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the caller ties it to its control with htmlFor or by nesting.
  return <label data-slot="label" className={cx("field-label", className)} {...props} />;
}

export { Label };
