import { data } from "react-router";
import { z } from "zod";
import {
  getEnquiriesForExport,
  MAX_SELECTED_EXPORT,
  readAllEnquiriesForExport,
} from "~/modules/enquiries/admin.server";
import { CSV_CONTENT_TYPE, csvFileName, toEnquiriesCsv, toEnquiriesCsvStream } from "~/modules/enquiries/csv";
import { recordAuditEventSafely } from "~/server/audit/audit.server";
import type { Actor } from "~/server/commands/actor";
import { requireActor } from "~/server/http/intake.server";
import { readFormData } from "~/server/http/intents";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/enquiries-csv";

// The enquiries CSV download. GET without ids: Export All, streamed from the database. GET with
// repeated ids= (per-row export) or a POST of the checked ids (Export Selected): those rows only.
// An export changes nothing: its audit event is recorded on its own, and a failure to record it is
// logged, not the admin's problem.

const BACK = "/admin/contact-management";

const idsSchema = z.array(z.uuid()).max(MAX_SELECTED_EXPORT);

function attachment(body: BodyInit, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

async function exportSelected(actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    return redirectWithToast(BACK, {
      type: "error",
      title: "No queries selected",
      description: "Please select at least one query to export.",
    });
  }
  const parsed = idsSchema.safeParse(unique);
  if (!parsed.success) {
    return data(
      { message: `Choose between 1 and ${MAX_SELECTED_EXPORT} valid queries to export.` },
      { status: 400 },
    );
  }
  const rows = await getEnquiriesForExport(parsed.data);
  await recordAuditEventSafely(actor.actor, actor.origin, {
    action: "export",
    entityType: "enquiry",
    summary: `Exported ${rows.length} selected enquir${rows.length === 1 ? "y" : "ies"} as CSV`,
    changes: { ids: { before: null, after: parsed.data } },
  });
  return attachment(toEnquiriesCsv(rows), csvFileName({ kind: "selected", count: rows.length }));
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const ids = new URL(args.request.url).searchParams.getAll("ids");
  if (ids.length > 0) return exportSelected(actor, ids);
  logger.info("exporting all enquiries as CSV");
  await recordAuditEventSafely(actor.actor, actor.origin, {
    action: "export",
    entityType: "enquiry",
    summary: "Exported all enquiries as CSV",
  });
  return attachment(toEnquiriesCsvStream(readAllEnquiriesForExport()), csvFileName({ kind: "all" }));
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireActor(args, "admin");
  const formData = await readFormData(args.request);
  if (!formData) return data({ message: "The form could not be read." }, { status: 400 });
  const ids = formData.getAll("ids").filter((value): value is string => typeof value === "string");
  return exportSelected(actor, ids);
}
