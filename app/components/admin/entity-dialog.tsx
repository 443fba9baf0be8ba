// The add/edit dialog of an admin list: create mode when no record is selected, edit mode when
// one is. One Conform form, validated in the browser with the entity's zod schema and again by
// the action; it posts `intent` ("create" or "update") and, in edit mode, `id`.
//
//   const [editing, setEditing] = useState<Row | null>(null);
//   const [open, setOpen] = useState(false);
//   <EntityDialog
//     open={open} onOpenChange={setOpen}
//     recordId={editing?.id}                      // null/undefined -> create
//     title={{ create: "Add Product", edit: "Edit Product" }}
//     schema={productFormSchema}                  // a z.object of the form's fields
//     defaultValue={editing ? toFormValues(editing) : PRODUCT_DEFAULTS}
//     multipart                                   // when it holds an <ImageField>
//   >
//     {(fields) => (<FormField label="Name" …><Input {...getInputProps(fields.name, { type: "text" })} /></FormField>)}
//   </EntityDialog>
//
// The action answers a redirect (with a toast) on success: the dialog closes and the list has
// reloaded, also after earlier refused attempts. A 400 keeps it open with the field messages,
// `error` also shown as a toast. A second press while a submission is on its way does nothing,
// and each opening posts one `submissionId`, which the server carries out once.
import { type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { newSubmissionId, SUBMISSION_FIELD } from "~/lib/submission-id";
import { cn } from "~/lib/utils";
import { useAdminFetcher } from "./use-admin-fetcher";

type FormShape<Schema extends z.ZodType> =
  z.input<Schema> extends Record<string, unknown> ? z.input<Schema> : Record<string, unknown>;
export type EntityFields<Schema extends z.ZodType> = ReturnType<
  FormMetadata<FormShape<Schema>, string[]>["getFieldset"]
>;

type EntityDialogProps<Schema extends z.ZodType> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recordId?: string | null;
  title: { create: string; edit: string };
  description?: { create: string; edit: string };
  schema: Schema;
  defaultValue?: Record<string, unknown>;
  /** multipart/form-data, for forms with a file input. */
  multipart?: boolean;
  intents?: { create: string; edit: string };
  submitLabel?: { create: string; edit: string };
  /** Where to post; the current route by default. */
  action?: string;
  /** Wider content for long forms, e.g. "sm:max-w-2xl". */
  className?: string;
  children: (fields: EntityFields<Schema>, form: FormMetadata<FormShape<Schema>, string[]>) => ReactNode;
};

export function EntityDialog<Schema extends z.ZodType>(props: EntityDialogProps<Schema>) {
  const mode = props.recordId ? "edit" : "create";
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className={cn("sm:max-w-lg", props.className)}>
        <DialogHeader>
          <DialogTitle>{props.title[mode]}</DialogTitle>
          <DialogDescription className={props.description ? undefined : "sr-only"}>
            {props.description?.[mode] ??
              (mode === "edit" ? "Change the fields and save." : "Fill in the fields and save.")}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so each opening starts from the record's values. */}
        {props.open ? <EntityForm {...props} mode={mode} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EntityForm<Schema extends z.ZodType>(
  props: EntityDialogProps<Schema> & { mode: "create" | "edit" },
) {
  // Set at the submit event itself: the button's disabled state comes a render later, and a
  // double click's second press lands before it.
  const submitting = useRef(false);
  const fetcher = useAdminFetcher({
    onSuccess: () => props.onOpenChange(false),
    onSettled: () => {
      submitting.current = false;
    },
  });
  // One id per opening of the dialog, so the server carries out a repeated post of it once.
  const [submissionId] = useState(newSubmissionId);
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm<FormShape<Schema>>({
    id: `entity-${props.recordId ?? "new"}`,
    lastResult: busy ? undefined : fetcher.data?.result,
    defaultValue: props.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: props.schema }) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const intents = props.intents ?? { create: "create", edit: "update" };
  const submitLabel = props.submitLabel ?? { create: "Create", edit: "Save Changes" };
  const formProps = getFormProps(form);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (submitting.current) {
      event.preventDefault();
      return;
    }
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    submitting.current = true;
  }
  return (
    <fetcher.Form
      method="post"
      action={props.action}
      encType={props.multipart ? "multipart/form-data" : undefined}
      {...formProps}
      onSubmit={onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={intents[props.mode]} />
      <input type="hidden" name={SUBMISSION_FIELD} value={submissionId} />
      {props.recordId ? <input type="hidden" name="id" value={props.recordId} /> : null}
      {form.errors?.length ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-md border border-destructive/50 p-3 text-destructive text-sm"
        >
          {form.errors[0]}
        </p>
      ) : null}
      {props.children(fields as EntityFields<Schema>, form)}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel[props.mode]}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
