import type * as React from "react";
import { cn } from "~/lib/utils";
import { ChevronDown as ChevronDownIcon } from "./sprite-icons";

type NativeSelectProps = Omit<React.ComponentProps<"select">, "size"> & {
  size?: "sm" | "default";
  /** Classes for the wrapper, which holds the chevron; use it to set the width (default full). */
  wrapperClassName?: string;
};

/**
 * A real `<select>` styled like the Radix `SelectTrigger`: it submits with its form and works with
 * JavaScript off, so public forms (contact, catalogue filters) use it.
 */
function NativeSelect({ className, wrapperClassName, size = "default", ...props }: NativeSelectProps) {
  return (
    <div data-slot="native-select-wrapper" className={cn("native-select-box", wrapperClassName)}>
      <select
        data-slot="native-select"
        data-size={size}
        className={cn("native-select", className)}
        {...props}
      />
      <ChevronDownIcon aria-hidden="true" className="native-select-chevron" />
    </div>
  );
}

function NativeSelectOption({ className, ...props }: React.ComponentProps<"option">) {
  return <option className={className} {...props} />;
}

export { NativeSelect, NativeSelectOption };
