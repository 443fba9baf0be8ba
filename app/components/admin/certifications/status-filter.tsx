// The certifications list's status filter: a GET form, so the filter lives in the URL with the
// search and works without JavaScript.
import { Form } from "react-router";
import { FilterActions } from "~/components/admin/data-table/filter-actions";
import { FilterSelect } from "~/components/admin/data-table/filter-select";
import { NativeSelectOption } from "~/components/ui/native-select";
import { CERTIFICATE_STATUSES, type CertificateStatus } from "~/lib/vocabulary";
import { CERTIFICATE_STATUS_LABELS } from "~/modules/compliance/certificate-status";

export function StatusFilter({ status, q }: { status: CertificateStatus | null; q: string }) {
  return (
    <Form method="get" aria-label="Filter certifications" className="flex flex-wrap items-end gap-2">
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <FilterSelect
        name="status"
        label="Status"
        value={status ?? ""}
        options={CERTIFICATE_STATUSES}
        labels={CERTIFICATE_STATUS_LABELS}
        width="w-48"
      >
        <NativeSelectOption value="">Any status</NativeSelectOption>
      </FilterSelect>
      <FilterActions
        submitLabel="Filter"
        filtered={status !== null}
        clearHref={q ? `?${new URLSearchParams({ q }).toString()}` : "?"}
      />
    </Form>
  );
}
