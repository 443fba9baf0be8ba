import { Readable } from "node:stream";
import { findEnquiryByAttachment } from "~/modules/enquiries/admin.server";
import { formatReference } from "~/modules/enquiries/reference";
import { quotingRoles } from "~/modules/quotes/access.server";
import { recordAuditEventSafely } from "~/server/audit/audit.server";
import { requireActor } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import { contentTypeFor } from "~/server/storage/content-type";
import { getStorage, StorageError } from "~/server/storage/storage.server";
import type { Route } from "./+types/contact-upload";

// Enquiry attachments: for whoever may open the enquiries (admins, and sales when they may
// quote); always as a download, never rendered by the browser. What a
// visitor sent is kept as sent (evidence), so it is never shown in a page of this site: an
// attachment, nosniff, and a sandboxing policy should a browser open it anyway.
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const actor = await requireActor(args, await quotingRoles());
  try {
    // storage.get accepts only names it generated (digits, hex and a short extension), so the
    // name is safe to quote in the header.
    const file = await getStorage().get("contact_uploads", params.name);
    const enquiry = await findEnquiryByAttachment(params.name);
    // A download changes nothing: its event is recorded on its own (a failure to record it is logged).
    await recordAuditEventSafely(actor.actor, actor.origin, {
      action: "download",
      entityType: "enquiry",
      entityId: enquiry?.id ?? null,
      summary: `Downloaded the attachment ${params.name}${enquiry ? ` of enquiry ${formatReference(enquiry.referenceNo, enquiry.createdAt)}` : ""}`,
    });
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "Content-Type": contentTypeFor(params.name),
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${params.name}"`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof StorageError) throw notFound("This file does not exist.");
    throw error;
  }
}
