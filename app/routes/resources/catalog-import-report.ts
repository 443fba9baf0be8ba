// An import's report (/admin/catalog/imports/:id/report), admins only: the file's own rows with a
// Problem column, as CSV. Reading it changes nothing: the download is recorded in the audit log.
import { CSV_CONTENT_TYPE } from "~/lib/csv";
import { getImport, importReport, reportTitle } from "~/modules/catalog-import/queries.server";
import { recordAuditEventSafely } from "~/server/audit/audit.server";
import { attachmentDisposition } from "~/server/http/content-disposition";
import { requireActor } from "~/server/http/intake.server";
import type { Route } from "./+types/catalog-import-report";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const record = await getImport(args.params.id);
  await recordAuditEventSafely(actor.actor, actor.origin, {
    action: "download",
    entityType: "catalog_import",
    entityId: record.id,
    summary: `Downloaded the report of the import of "${record.fileName}"`,
  });
  return new Response(importReport(record), {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": attachmentDisposition(reportTitle(record), "csv", "import-report"),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
