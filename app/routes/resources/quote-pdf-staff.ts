import { Readable } from "node:stream";
import { data } from "react-router";
import { z } from "zod";
import { quotingRoles } from "~/modules/quotes/access.server";
import { getQuote } from "~/modules/quotes/drafts.server";
import { pdfFileName } from "~/modules/quotes/mail.server";
import { requireStaffRole } from "~/server/http/staff-action.server";
import { getStorage, parseStoredPath, StorageError } from "~/server/storage/storage.server";
import type { Route } from "./+types/quote-pdf-staff";

// A sent quote's PDF for staff who may quote, as the customer got it.
export async function loader(args: Route.LoaderArgs) {
  await requireStaffRole(args, await quotingRoles());
  const id = z.uuid().safeParse(args.params.id);
  const quote = id.success ? await getQuote(id.data) : null;
  const stored = parseStoredPath(quote?.pdfPath);
  if (!quote || !stored) throw data("Not found", { status: 404 });
  try {
    const file = await getStorage().get(stored.bucket, stored.name);
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
    if (error instanceof StorageError) throw data("Not found", { status: 404 });
    throw error;
  }
}
