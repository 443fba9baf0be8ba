// The audit log as CSV (/admin/audit/export), admins only: the view the filters and search in
// the query choose, newest first, streamed in batches. The export is itself an audit event.
import { CSV_CONTENT_TYPE } from "~/lib/csv";
import { parseListParams } from "~/lib/list-params";
import { auditCsvFileName, toAuditCsvStream } from "~/modules/audit/csv";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, parseAuditFilters } from "~/modules/audit/filters";
import { readAuditEventsForExport } from "~/modules/audit/queries.server";
import { recordAuditEventSafely } from "~/server/audit/audit.server";
import { requireActor } from "~/server/http/intake.server";
import type { Route } from "./+types/audit-csv";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const url = new URL(args.request.url);
  const filters = parseAuditFilters(url.searchParams);
  const { q } = parseListParams(url);
  const described = [
    filters.entity ? AUDIT_ENTITY_LABELS[filters.entity] : null,
    filters.action ? AUDIT_ACTION_LABELS[filters.action] : null,
    filters.from ? `from ${filters.from}` : null,
    filters.to ? `to ${filters.to}` : null,
    q ? `matching "${q}"` : null,
  ].filter(Boolean);
  await recordAuditEventSafely(actor.actor, actor.origin, {
    action: "export",
    entityType: filters.entity ?? "session",
    summary: `Exported the audit log as CSV${described.length ? ` (${described.join(", ")})` : ""}`,
  });
  return new Response(toAuditCsvStream(readAuditEventsForExport(filters, q)), {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${auditCsvFileName()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
