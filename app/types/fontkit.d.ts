// fontkit ships no types. The app only parses a font file once and hands the font to pdfkit,
// which accepts a fontkit font wherever it accepts a file.
declare module "fontkit" {
  export type Font = { layout: (...args: never[]) => unknown; postscriptName: string };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
