import { Form } from "react-router";
import { FilterActions } from "~/components/admin/data-table/filter-actions";
import { PagedList } from "~/components/admin/data-table/paged-list";
import { PageHeader } from "~/components/admin/page-header";
import { QUOTE_COLUMNS } from "~/components/admin/quotes/quote-columns";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { parseListParams } from "~/lib/list-params";
import { QUOTE_STATUSES, type QuoteStatus } from "~/lib/vocabulary";
import { quotingRoles } from "~/modules/quotes/access.server";
import { listQuotes } from "~/modules/quotes/admin.server";
import { QUOTE_STATUS_LABELS } from "~/modules/quotes/labels";
import { requireRole } from "~/server/auth/guards.server";
import { loadPagedList } from "~/server/http/screens.server";
import type { Route } from "./+types/quotes";

// Every quote, newest first: searched by number, enquiry reference or customer, filtered by state.

export function meta() {
  return [{ title: "Quotes | Trade Counter Admin" }];
}

function statusOf(url: URL): QuoteStatus | "" {
  const value = url.searchParams.get("status") ?? "";
  return (QUOTE_STATUSES as readonly string[]).includes(value) ? (value as QuoteStatus) : "";
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, await quotingRoles());
  const params = parseListParams(request);
  const status = statusOf(new URL(request.url));
  const list = await loadPagedList("quotes", params, (page) => listQuotes({ ...page, status }));
  return { list, status };
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { list, status } = loaderData;
  return (
    <>
      <PageHeader
        title="Quotes"
        description="Priced quotes sent from enquiries: where each stands with the customer. Create one from an enquiry."
      />
      <PagedList
        noun="quotes"
        list={list}
        columns={QUOTE_COLUMNS}
        getRowKey={(row) => row.id}
        keep={{ status: status || undefined }}
        searchPlaceholder="Search by quote number, reference or customer..."
        emptyText="No quotes yet. Open an enquiry and choose Create Quote."
        failedMessage="Failed to fetch quotes"
        beforeTable={
          <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Filter quotes">
            {list.q ? <input type="hidden" name="q" value={list.q} /> : null}
            <div className="grid gap-1">
              <Label htmlFor="quote-status">State</Label>
              <NativeSelect
                id="quote-status"
                name="status"
                defaultValue={status}
                key={status}
                wrapperClassName="w-52"
              >
                <NativeSelectOption value="">Any state</NativeSelectOption>
                {QUOTE_STATUSES.map((value) => (
                  <NativeSelectOption key={value} value={value}>
                    {QUOTE_STATUS_LABELS[value]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <FilterActions
              submitLabel="Filter"
              filtered={Boolean(status)}
              clearHref={list.q ? `?q=${encodeURIComponent(list.q)}` : "?"}
            />
          </Form>
        }
      />
    </>
  );
}
