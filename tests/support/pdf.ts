// A PDF read back as a person (or a council) would open it, with pdfjs-dist: the text of each
// page and the outline with the page each bookmark opens.
import path from "node:path";

export type ReadPdf = {
  pages: string[];
  outline: { title: string; page: number; children: { title: string; page: number }[] }[];
};

/** The text of each page and the outline with the page (1-based) each bookmark opens. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? `${item.str}${item.hasEOL ? "\n" : ""}` : ""))
          .join("")
          .trim(),
      );
    }
    type Node = { title: string; dest: unknown; items: Node[] };
    const pageOf = async (dest: unknown) => {
      const array = (typeof dest === "string" ? await document.getDestination(dest) : dest) as unknown[];
      return (await document.getPageIndex(array[0] as never)) + 1;
    };
    const nodes = ((await document.getOutline()) ?? []) as Node[];
    const outline = [];
    for (const node of nodes) {
      const children = [];
      for (const child of node.items) children.push({ title: child.title, page: await pageOf(child.dest) });
      outline.push({ title: node.title, page: await pageOf(node.dest), children });
    }
    return { pages, outline };
  } finally {
    await document.destroy();
  }
}

/** Text without its spaces and line breaks, which wrapping puts anywhere. */
export function squash(text: string) {
  return text.replace(/\s+/g, "");
}

/** A stream's bytes (a stored file, a response body). */
export async function bytesOf(body: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
