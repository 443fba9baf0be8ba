// The certifications list's status filter: a GET form, so the filter lives in the URL with the
// search and works without JavaScript.
import { Form } from "react-router";
import { FilterActions } from "~/components/admin/data-table/filter-actions";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { CERTIFICATE_STATUSES, type CertificateStatus } from "~/lib/vocabulary";
import { CERTIFICATE_STATUS_LABELS } from "~/modules/compliance/certificate-status";

export function StatusFilter({ status, q }: { status: CertificateStatus | null; q: string }) {
  return (
    <Form method="get" aria-label="Filter certifications" className="flex flex-wrap items-end gap-2">
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <div className="grid gap-1">
        <Label htmlFor="filter-status">Status</Label>
        <NativeSelect
          id="filter-status"
          name="status"
          key={`status-${status ?? ""}`}
          defaultValue={status ?? ""}
          wrapperClassName="w-48"
        >
          <NativeSelectOption value="">Any status</NativeSelectOption>
          {CERTIFICATE_STATUSES.map((value) => (
            <NativeSelectOption key={value} value={value}>
              {CERTIFICATE_STATUS_LABELS[value]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <FilterActions
        submitLabel="Filter"
        filtered={status !== null}
        clearHref={q ? `?${new URLSearchParams({ q }).toString()}` : "?"}
      />
    </Form>
  );
}
