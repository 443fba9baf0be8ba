// A one-page certificate PDF written by hand: the demo needs real, openable documents, and a
// PDF library for six small files would be a heavy dependency. Text uses the standard Helvetica
// fonts, which every reader has, so nothing is embedded.

type CertificatePdf = {
  title: string;
  category: string;
  number: string;
  issuer: string;
  year: number;
  lines: string[];
};

/** PDF strings are bytes in parentheses: keep to printable ASCII and escape the specials. */
function pdfText(value: string) {
  const ascii = value
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u00b7]/g, "-")
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "");
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Approximate centring: Helvetica averages about half an em per character. */
function centred(text: string, size: number, y: number, font: "F1" | "F2") {
  const width = text.length * size * (font === "F1" ? 0.56 : 0.5);
  const x = Math.max(60, (595 - width) / 2);
  return `BT /${font} ${size} Tf ${x.toFixed(1)} ${y} Td ${pdfText(text)} Tj ET`;
}

function pageContent(cert: CertificatePdf) {
  const ops = [
    "0.12 0.16 0.22 RG 6 w 28 28 539 786 re S",
    "0.98 0.45 0.09 RG 1.5 w 42 42 511 758 re S",
    "0.98 0.45 0.09 rg 230 640 135 2 re f",
    "0.12 0.16 0.22 rg",
    centred(cert.category.toUpperCase(), 11, 730, "F2"),
    centred("CERTIFICATE", 22, 670, "F1"),
    centred(cert.title, cert.title.length > 40 ? 15 : 18, 600, "F1"),
    centred("Awarded to Trade Counter Ltd, Penrose, Auckland", 12, 560, "F2"),
    centred(`Certificate no. ${cert.number} - Issued ${cert.year} - ${cert.issuer}`, 10, 540, "F2"),
  ];
  cert.lines.forEach((line, i) => {
    ops.push(`BT /F2 11 Tf 80 ${470 - i * 18} Td ${pdfText(line)} Tj ET`);
  });
  ops.push(
    "0.12 0.16 0.22 RG 1 w 80 170 m 260 170 l S",
    "BT /F2 10 Tf 80 154 Td (Authorised signatory) Tj ET",
    "0.58 0.64 0.72 rg",
    centred("Demonstration document: illustrative only", 9, 70, "F2"),
  );
  return ops.join("\n");
}

/** The bytes of a valid single-page A4 PDF; the xref offsets are computed from the real layout. */
export function buildCertificatePdf(cert: CertificatePdf): Uint8Array {
  const content = pageContent(cert);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Title ${pdfText(cert.title)} /Producer (Trade Counter demo seed) >>`,
  ];
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, newline.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
