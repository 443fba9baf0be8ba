import { Readable } from "node:stream";
import { data } from "react-router";
import { requireStaff } from "~/server/auth/guards.server";
import { contentTypeFor } from "~/server/storage/content-type";
import { getStorage, StorageError } from "~/server/storage/storage.server";
import type { Route } from "./+types/contact-upload";

// Enquiry attachments: staff only, always as a download, never rendered by the browser.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  try {
    const file = await getStorage().get("contact_uploads", params.name);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "Content-Type": contentTypeFor(params.name),
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${params.name}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof StorageError) throw data("Not found", { status: 404 });
    throw error;
  }
}
