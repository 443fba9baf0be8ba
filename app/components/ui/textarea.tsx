import type * as React from "react";

import { cx } from "~/lib/cx";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cx("field-textarea", className)} {...props} />;
}

export { Textarea };
