// "Set the status of the selected enquiries": a status and a button that join the selection form
// of the list (the row checkboxes), so without JavaScript the button posts the checked ids to the
// list's action. With JavaScript the same fields are checked with the action's schema and sent by
// a fetcher; the action's toast, or its refusal, is shown either way.
import { parseWithZod } from "@conform-to/zod/v4";
import { ListChecksIcon } from "lucide-react";
import { type MouseEvent, useId } from "react";
import { useLocation } from "react-router";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { toast } from "~/components/ui/toast";
import { ENQUIRY_STATUSES } from "~/lib/vocabulary";
import { bulkStatusSchema } from "~/modules/enquiries/follow-up.schema";

function firstError(error: Record<string, string[] | null> | undefined | null) {
  return Object.values(error ?? {}).find((messages) => messages?.length)?.[0];
}

export function BulkStatusBar({
  formId,
  chosen,
  onDone,
}: {
  /** The id of the form the row checkboxes belong to. */
  formId: string;
  chosen: number;
  onDone: () => void;
}) {
  const selectId = useId();
  const fetcher = useAdminFetcher({ onSuccess: onDone });
  const location = useLocation();
  const action = `${location.pathname}${location.search}`;
  const busy = fetcher.state !== "idle";
  const refused = busy ? undefined : firstError(fetcher.data?.result?.error);

  function submit(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    const formData = new FormData(form);
    formData.set("intent", "bulk-status");
    const submission = parseWithZod(formData, { schema: bulkStatusSchema });
    if (submission.status !== "success") {
      const message = firstError(submission.error);
      toast.error(chosen === 0 ? "No queries selected" : "Choose a status", { description: message });
      return;
    }
    void fetcher.submit(formData, { method: "post", action });
  }

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 p-2">
      <Label htmlFor={selectId} className="font-normal">
        Set the status of the selected queries{chosen > 0 ? ` (${chosen})` : ""} to
      </Label>
      <NativeSelect
        id={selectId}
        name="status"
        form={formId}
        defaultValue=""
        size="sm"
        // As wide as its longest option ("Choose a status" at the phone's larger text size).
        className="w-auto max-w-full"
        wrapperClassName="w-auto max-w-full"
        aria-describedby={refused ? `${selectId}-error` : undefined}
      >
        <NativeSelectOption value="" disabled>
          Choose a status
        </NativeSelectOption>
        {ENQUIRY_STATUSES.map((status) => (
          <NativeSelectOption key={status} value={status}>
            {status}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <Button
        type="submit"
        form={formId}
        name="intent"
        value="bulk-status"
        formAction={action}
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={submit}
      >
        <ListChecksIcon aria-hidden />
        {busy ? "Changing..." : "Change status"}
      </Button>
      {refused ? (
        <p id={`${selectId}-error`} role="alert" className="font-medium text-destructive text-sm">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
