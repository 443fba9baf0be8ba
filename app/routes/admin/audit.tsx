// The audit log (/admin/audit), admin only: every staff change, export, download, sign-in and
// sign-out, newest first; filtered by actor, record, action and dates, searched, paged, and
// exported as CSV with the same filters. Sales who open it see Access Denied.
import { DownloadIcon } from "lucide-react";
import { AccessDenied } from "~/components/admin/access-denied";
import { AUDIT_COLUMNS, type AuditRow } from "~/components/admin/audit/audit-columns";
import { AuditFilters } from "~/components/admin/audit/audit-filters";
import { PagedList } from "~/components/admin/data-table/paged-list";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { parseListParams } from "~/lib/list-params";
import { parseAuditFilters } from "~/modules/audit/filters";
import { listAuditActors, listAuditEvents } from "~/modules/audit/queries.server";
import { requireAdminOrDeny } from "~/server/auth/guards.server";
import { loadPagedList, loadPickList } from "~/server/http/screens.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit Log | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminOrDeny(request);
  const url = new URL(request.url);
  const filters = parseAuditFilters(url.searchParams);
  const params = parseListParams(url);
  const [list, actors] = await Promise.all([
    loadPagedList("audit events", params, (page) => listAuditEvents(filters, page)),
    loadPickList("audit actors", listAuditActors),
  ]);
  return { list, actors, filters };
}

/** The filters (and search) as query parameters, for paging, searching and the export. */
function filterParams(filters: Route.ComponentProps["loaderData"]["filters"]) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as Record<
    string,
    string
  >;
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { list, actors, filters } = loaderData;
  const keep = filterParams(filters);
  const exportQuery = new URLSearchParams({ ...keep, ...(list.q ? { q: list.q } : {}) }).toString();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Audit Log"
        description="Who changed what in the back office, exported or downloaded enquiries, and signed in or out."
      />
      <PagedList
        noun="audit events"
        list={list as typeof list & { rows: AuditRow[] }}
        columns={AUDIT_COLUMNS}
        getRowKey={(row) => row.id}
        keep={keep}
        searchFromFirstPage
        emptyText="No audit events match these filters."
        failedMessage="Failed to fetch audit events"
        beforeTable={<AuditFilters filters={filters} q={list.q} actors={actors} />}
      >
        <Button asChild variant="outline">
          <a href={`/admin/audit/export${exportQuery ? `?${exportQuery}` : ""}`} download>
            <DownloadIcon aria-hidden />
            Export CSV
          </a>
        </Button>
      </PagedList>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessDenied error={error} failed="The audit log could not be loaded. Please try again." />;
}
