// A consent pack as an HTTP answer: a PDF to save (attachment) under the council-style name,
// streamed from storage, never cached by a browser or proxy (it is one person's job).
import { Readable } from "node:stream";
import type { ServedPack } from "./build.server";

export function consentPackResponse(pack: ServedPack, fileName: string) {
  return new Response(Readable.toWeb(pack.body) as ReadableStream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pack.size),
      // The name is letters, digits, dashes and underscores: safe in the header as it is.
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
