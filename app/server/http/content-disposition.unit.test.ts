import { expect, test } from "vitest";
import { attachmentDisposition, downloadFileName } from "./content-disposition";

test("a certificate's title becomes its file name", () => {
  expect(attachmentDisposition("BRANZ Appraisal 1234", "pdf")).toBe(
    'attachment; filename="BRANZ-Appraisal-1234.pdf"',
  );
  expect(downloadFileName("Timber Treatment Compliance (NZS 3640)", "png").ascii).toBe(
    "Timber-Treatment-Compliance-NZS-3640.png",
  );
});

test("hostile titles never break out of the header", () => {
  for (const title of [
    'Quote " in the title',
    "Slashes ../../etc/passwd \\ and C:\\windows",
    "Line\r\nSet-Cookie: a=b",
    "Tab\tand\u0000null and \u007f",
    "<script>alert(1)</script>; filename=evil.exe",
  ]) {
    const header = attachmentDisposition(title, "pdf");
    expect(header, title).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"$/);
    expect(header).not.toMatch(/[\r\n\0]/);
    expect(header.match(/\.pdf/g), title).toHaveLength(1);
  }
  expect(downloadFileName("../../etc/passwd", "pdf").ascii).toBe("etc-passwd.pdf");
  expect(downloadFileName('"; filename=evil.exe', "pdf").ascii).toBe("filename-evil.exe.pdf");
});

test("non-ASCII titles are sent as UTF-8 in filename*, with an ASCII fallback", () => {
  expect(attachmentDisposition("Kaikōura Site Safety – 2025", "pdf")).toBe(
    "attachment; filename=\"Kaikoura-Site-Safety-2025.pdf\"; filename*=UTF-8''Kaik%C5%8Dura-Site-Safety-2025.pdf",
  );
  expect(attachmentDisposition("Māori & Pasifika (Trades)'s Award", "png")).toContain(
    "filename*=UTF-8''M%C4%81ori-Pasifika-Trades-s-Award.png",
  );
  // No ASCII letters left: the fallback name in filename, the title in filename*.
  expect(attachmentDisposition("日本語", "pdf", "certificate")).toBe(
    "attachment; filename=\"certificate.pdf\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.pdf",
  );
  expect(attachmentDisposition("!!! ???", "pdf")).toBe('attachment; filename="download.pdf"');
});
