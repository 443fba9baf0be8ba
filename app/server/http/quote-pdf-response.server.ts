// A customer's quote as the PDF stored when it was sent, shown in the browser (inline) and kept
// by no cache: the one answer of the quote link's PDF and of the account's.
import { Readable } from "node:stream";
import { downloadFileName } from "./content-disposition";

export function customerPdfResponse(
  pdf: { stream: Readable; size: number; fileName: string },
  headers: Record<string, string>,
) {
  // The number is letters, digits and dashes; the helper keeps it so whatever it becomes.
  const { ascii } = downloadFileName(pdf.fileName.replace(/\.pdf$/, ""), "pdf", "quote");
  return new Response(Readable.toWeb(pdf.stream) as ReadableStream, {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.size),
      "Content-Disposition": `inline; filename="${ascii}"`,
      "X-Content-Type-Options": "nosniff",
      // No `sandbox` (as public-file.ts has for uploads): it stops Chrome's and Safari's PDF
      // viewers, and this file is drawn by us. The viewer's own page needs inline styles.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
  });
}
