import type * as React from "react";
import { cn } from "~/lib/utils";
import { Check as CheckIcon } from "./sprite-icons";

/**
 * A real `<input type="checkbox">` styled like `Checkbox`: it submits with its form and works
 * with JavaScript off. Pair it with a `<Label htmlFor>` as usual.
 */
function NativeCheckbox({
  className,
  wrapperClassName,
  ...props
}: Omit<React.ComponentProps<"input">, "type"> & { wrapperClassName?: string }) {
  return (
    <span
      data-slot="native-checkbox-wrapper"
      className={cn("relative inline-flex size-4 shrink-0", wrapperClassName)}
    >
      <input
        type="checkbox"
        data-slot="native-checkbox"
        className={cn("peer native-checkbox", className)}
        {...props}
      />
      <CheckIcon aria-hidden="true" className="native-checkbox-tick" />
    </span>
  );
}

export { NativeCheckbox };
