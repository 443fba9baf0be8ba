import type { ReactElement } from "react";
import { Label } from "~/components/ui/label";
import { cx } from "~/lib/cx";

/** A label, one control and its first error message, wired together for screen readers. */
export function FormField(props: {
  label: string;
  errors?: string[];
  errorId: string;
  className?: string;
  hint?: string;
  children: ReactElement<{ id?: string }>;
}) {
  return (
    <div className={cx("grid gap-2", props.className)}>
      <Label htmlFor={props.children.props.id}>{props.label}</Label>
      {props.children}
      {props.hint ? <p className="text-muted-foreground text-sm">{props.hint}</p> : null}
      {props.errors?.length ? (
        <p id={props.errorId} className="font-medium text-destructive text-sm">
          {props.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
