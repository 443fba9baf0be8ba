import { Readable } from "node:stream";
import { getCertificationTitleForFile } from "~/modules/certifications/queries.server";
import { parseRangeHeader } from "~/server/http/byte-range";
import { attachmentDisposition } from "~/server/http/content-disposition";
import { notFound } from "~/server/http/not-found";
import { contentTypeFor, isInlineType } from "~/server/storage/content-type";
import { BUCKETS, getStorage, isBucket, StorageError } from "~/server/storage/storage.server";
import type { Route } from "./+types/public-file";

// Public buckets only; a stored name never changes, so it can be cached for a year. Images and
// PDFs are shown inline; any other type is a download. nosniff keeps the browser to the type we
// name, and the sandboxing policy keeps a file opened on its own from running anything.
// `?download` asks for an attachment; a certificate's is named after its title. One byte range
// is answered with 206 (a PDF viewer or a player reading part of a file), from either driver.
export async function loader({ params, request }: Route.LoaderArgs) {
  const { bucket, name } = params;
  if (!isBucket(bucket) || !BUCKETS[bucket].public) throw notFound();
  const range = parseRangeHeader(request.headers.get("Range"));
  try {
    const file = await getStorage().get(bucket, name, range ? { range } : {});
    const type = contentTypeFor(name);
    const headers = new Headers({
      "Content-Type": type,
      "Content-Length": String(file.range ? file.range.end - file.range.start + 1 : file.size),
      "Accept-Ranges": "bytes",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    if (new URL(request.url).searchParams.has("download")) {
      headers.set("Content-Disposition", await downloadDisposition(bucket, name));
      // A title can change; the name it gives is not kept for a year.
      headers.set("Cache-Control", "public, max-age=300");
    } else if (!isInlineType(type)) {
      // The name has passed storage's check (digits, hex and a short extension): safe to quote.
      headers.set("Content-Disposition", `attachment; filename="${name}"`);
    }
    if (file.range) headers.set("Content-Range", `bytes ${file.range.start}-${file.range.end}/${file.size}`);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      status: file.range ? 206 : 200,
      headers,
    });
  } catch (error) {
    if (error instanceof StorageError && error.code === "bad_range") {
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${error.size ?? 0}` } });
    }
    if (error instanceof StorageError) throw notFound();
    throw error;
  }
}

async function downloadDisposition(bucket: string, name: string) {
  const title =
    bucket === "certificates" ? await getCertificationTitleForFile(`/files/${bucket}/${name}`) : null;
  if (!title) return `attachment; filename="${name}"`;
  return attachmentDisposition(title, name.slice(name.lastIndexOf(".") + 1), "certificate");
}
