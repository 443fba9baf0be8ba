import { Readable } from "node:stream";
import { data } from "react-router";
import { contentTypeFor, isInlineType } from "~/server/storage/content-type";
import { BUCKETS, getStorage, isBucket, StorageError } from "~/server/storage/storage.server";
import type { Route } from "./+types/public-file";

// Public buckets only; a stored name never changes, so it can be cached for a year. Images and
// PDFs are shown inline; any other type is a download. nosniff keeps the browser to the type we
// name, and the sandboxing policy keeps a file opened on its own from running anything.
export async function loader({ params }: Route.LoaderArgs) {
  const { bucket, name } = params;
  if (!isBucket(bucket) || !BUCKETS[bucket].public) throw data("Not found", { status: 404 });
  try {
    const file = await getStorage().get(bucket, name);
    const type = contentTypeFor(name);
    const headers = new Headers({
      "Content-Type": type,
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    // The name has passed storage's check (digits, hex and a short extension): safe to quote.
    if (!isInlineType(type)) headers.set("Content-Disposition", `attachment; filename="${name}"`);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers });
  } catch (error) {
    if (error instanceof StorageError) throw data("Not found", { status: 404 });
    throw error;
  }
}
