// The catalogue export (/admin/catalog/export?format=csv|xlsx), for the staff who may see
// Catalog Management: the products its list shows with the same search and filter, streamed as a
// download. The export changes nothing: its audit event is recorded on its own.
import { data } from "react-router";
import { z } from "zod";
import {
  EXPORT_FORMATS,
  exportCatalogue,
  exportFileName,
  exportSummary,
} from "~/modules/catalog-sheet/export.server";
import { readAdminProductFilter } from "~/modules/products/admin-filter";
import { recordAuditEventSafely } from "~/server/audit/audit.server";
import { requireActor } from "~/server/http/intake.server";
import type { Route } from "./+types/catalog-export";

const formatSchema = z.enum(EXPORT_FORMATS);

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "staff");
  const url = new URL(args.request.url);
  const format = formatSchema.safeParse(url.searchParams.get("format") ?? "csv");
  if (!format.success) return data({ message: "Choose CSV or XLSX to export." }, { status: 400 });
  const filter = readAdminProductFilter(url);
  await recordAuditEventSafely(actor.actor, actor.origin, {
    action: "export",
    entityType: "product",
    summary: exportSummary(format.data, filter),
  });
  const { body, contentType } = exportCatalogue(format.data, filter);
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${exportFileName(format.data, filter)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
