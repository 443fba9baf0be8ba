import { Readable } from "node:stream";
import { data } from "react-router";
import { contentTypeFor } from "~/server/storage/content-type";
import { BUCKETS, getStorage, isBucket, StorageError } from "~/server/storage/storage.server";
import type { Route } from "./+types/public-file";

// Public buckets only; a stored name never changes, so it can be cached for a year.
export async function loader({ params }: Route.LoaderArgs) {
  const { bucket, name } = params;
  if (!isBucket(bucket) || !BUCKETS[bucket].public) throw data("Not found", { status: 404 });
  try {
    const file = await getStorage().get(bucket, name);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "Content-Type": contentTypeFor(name),
        "Content-Length": String(file.size),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  } catch (error) {
    if (error instanceof StorageError) throw data("Not found", { status: 404 });
    throw error;
  }
}
