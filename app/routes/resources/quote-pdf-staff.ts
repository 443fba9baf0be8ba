import { Readable } from "node:stream";
import { z } from "zod";
import { quotingRoles } from "~/modules/quotes/access.server";
import { pdfFileName } from "~/modules/quotes/document.server";
import { getQuote } from "~/modules/quotes/drafts.server";
import { QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import { recordAuditEventSafely } from "~/server/audit/audit.server";
import { requireActor } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import { getStorage, parseStoredPath, StorageError } from "~/server/storage/storage.server";
import type { Route } from "./+types/quote-pdf-staff";

const NO_PDF = "This quote has no stored PDF: only a sent quote has one.";

// A sent quote's PDF for staff who may quote, as the customer got it; each download is in the
// audit log, as an enquiry's attachment's is.
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, await quotingRoles());
  const id = z.uuid().safeParse(args.params.id);
  const quote = id.success ? await getQuote(id.data) : null;
  const stored = parseStoredPath(quote?.pdfPath);
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  if (!stored) throw notFound(NO_PDF);
  try {
    const file = await getStorage().get(stored.bucket, stored.name);
    await recordAuditEventSafely(actor.actor, actor.origin, {
      action: "download",
      entityType: "quote",
      entityId: quote.id,
      summary: `Downloaded the PDF of quote ${quote.number}`,
    });
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(file.size),
        // The quote number is letters, digits and dashes: safe in the header as it is.
        "Content-Disposition": `inline; filename="${pdfFileName(quote.number)}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof StorageError) throw notFound(NO_PDF);
    throw error;
  }
}
