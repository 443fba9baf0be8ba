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
        className={cn(
          "peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input bg-background shadow-xs outline-hidden transition-shadow dark:bg-input/30",
          "checked:border-primary checked:bg-primary",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "disabled:cursor-not-allowed disabled:opacity-50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          className,
        )}
        {...props}
      />
      <CheckIcon
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}

export { NativeCheckbox };
