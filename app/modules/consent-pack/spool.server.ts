// A pdf-lib document written to a file as it is put together, so a consent pack never holds its
// certificates all at once: pdf-lib keeps a whole document in memory until `save` (every
// certificate's pictures, and then the output as one more buffer), about twice the pack's size
// for each pack being drawn. Here, each stream copied into the document (a certificate's
// pictures and page contents, a sheet's pages) is written out as soon as it is copied and its
// place in the document taken by an empty stream, so the bytes of the certificate it came from
// can go. What stays in memory are the small objects (pages, their resources, the outline), which
// `finish` writes after them, then the cross-reference table and the trailer: a classic PDF
// (no object streams), which every reader opens.
//
//   const spool = await PdfSpool.create(lib, doc, file);
//   …copy pages into doc…; await spool.spill();
//   const { size } = await spool.finish();
import fs from "node:fs";
import type { PDFDocument, PDFObject, PDFRef } from "pdf-lib";

type PdfLib = typeof import("pdf-lib");

export class PdfSpool {
  private offset = 0;
  private readonly written = new Map<PDFRef, number>();
  private readonly placeholder: PDFObject;

  private constructor(
    private readonly lib: PdfLib,
    private readonly doc: PDFDocument,
    private readonly file: fs.promises.FileHandle,
  ) {
    this.placeholder = lib.PDFRawStream.of(doc.context.obj({}), new Uint8Array(0));
  }

  /** Opens `path` for writing (it is replaced) and writes the PDF header. */
  static async create(lib: PdfLib, doc: PDFDocument, path: string) {
    const spool = new PdfSpool(lib, doc, await fs.promises.open(path, "w"));
    const header = lib.PDFHeader.forVersion(1, 7);
    const bytes = new Uint8Array(header.sizeInBytes());
    header.copyBytesInto(bytes, 0);
    await spool.write(bytes);
    return spool;
  }

  private async write(bytes: Uint8Array) {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.length - done);
      done += bytesWritten;
    }
    this.offset += bytes.length;
  }

  /** `N G obj … endobj`, recording where it starts for the cross-reference table. */
  private async writeObject(ref: PDFRef, object: PDFObject) {
    const head = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
    const tail = "\nendobj\n";
    const bytes = new Uint8Array(head.length + object.sizeInBytes() + tail.length);
    let at = this.lib.copyStringIntoBuffer(head, bytes, 0);
    at += object.copyBytesInto(bytes, at);
    this.lib.copyStringIntoBuffer(tail, bytes, at);
    this.written.set(ref, this.offset);
    await this.write(bytes);
  }

  /**
   * Writes out every stream copied in since the last spill (they do not change after being
   * copied) and leaves an empty stream in its place: the document still knows it is a stream,
   * and its bytes can be let go.
   */
  async spill() {
    const streams: [PDFRef, PDFObject][] = [];
    for (const [ref, object] of this.doc.context.enumerateIndirectObjects())
      if (object instanceof this.lib.PDFRawStream && !this.written.has(ref)) streams.push([ref, object]);
    for (const [ref, object] of streams) {
      await this.writeObject(ref, object);
      this.doc.context.assign(ref, this.placeholder);
    }
  }

  /** Writes what is left, the cross-reference table and the trailer; closes the file. */
  async finish(): Promise<{ size: number }> {
    try {
      // pdf-lib writes embedded fonts and drawn content into the document only when flushed.
      await this.doc.flush();
      const { context } = this.doc;
      for (const [ref, object] of context.enumerateIndirectObjects())
        if (!this.written.has(ref)) await this.writeObject(ref, object);
      const xref = this.lib.PDFCrossRefSection.create();
      for (const [ref, offset] of [...this.written].sort(([a], [b]) => a.objectNumber - b.objectNumber))
        xref.addEntry(ref, offset);
      const xrefAt = this.offset;
      const trailer = this.lib.PDFTrailerDict.of(
        context.obj({
          Size: context.largestObjectNumber + 1,
          Root: context.trailerInfo.Root,
          Info: context.trailerInfo.Info,
        }),
      );
      const end = this.lib.PDFTrailer.forLastCrossRefSectionOffset(xrefAt);
      const bytes = new Uint8Array(xref.sizeInBytes() + 1 + trailer.sizeInBytes() + 1 + end.sizeInBytes());
      let at = xref.copyBytesInto(bytes, 0);
      at += this.lib.copyStringIntoBuffer("\n", bytes, at);
      at += trailer.copyBytesInto(bytes, at);
      at += this.lib.copyStringIntoBuffer("\n", bytes, at);
      end.copyBytesInto(bytes, at);
      await this.write(bytes);
      return { size: this.offset };
    } finally {
      await this.file.close();
    }
  }

  /** Closes the file without finishing it (the drawing was abandoned). */
  async abandon() {
    await this.file.close().catch(() => undefined);
  }
}
