// A certificate's Download saves a file named after its title, whatever the title holds; View
// still shows the file in the browser.
import { expect, test } from "vitest";
import { certificationDownloadHref } from "~/modules/certifications/download";
import { loader as publicFileLoader } from "~/routes/resources/public-file";
import { certifications } from "~/server/db/schema";
import { getStorage } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function certificateTitled(title: string) {
  const stored = await getStorage().put("certificates", "upload.pdf", PDF);
  const fileUrl = getStorage().publicUrl("certificates", stored.name);
  await database.current.db.insert(certifications).values({ title, fileUrl, fileType: "PDF" });
  return { fileUrl, name: stored.name };
}

async function serve(href: string) {
  const url = new URL(href, "http://localhost");
  const [, , bucket, name] = url.pathname.split("/");
  return (await publicFileLoader({
    request: new Request(url),
    params: { bucket, name },
    context: {},
  } as never)) as Response;
}

test("Download names the file after the certificate's title; View shows it inline", async () => {
  const { fileUrl } = await certificateTitled("BRANZ Appraisal 1234");

  const download = await serve(certificationDownloadHref(fileUrl));
  expect(download.headers.get("content-disposition")).toBe('attachment; filename="BRANZ-Appraisal-1234.pdf"');
  expect(download.headers.get("content-type")).toBe("application/pdf");
  expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

  const view = await serve(fileUrl);
  expect(view.headers.get("content-disposition")).toBeNull();
});

test("hostile titles give a safe header; non-ASCII titles travel in filename*", async () => {
  const cases: Array<[string, RegExp]> = [
    ['The "Best" Supplier', /^attachment; filename="The-Best-Supplier\.pdf"$/],
    ["../../etc/passwd", /^attachment; filename="etc-passwd\.pdf"$/],
    ["Site\r\nSet-Cookie: session=stolen", /^attachment; filename="Site-Set-Cookie-session-stolen\.pdf"$/],
    [
      "Kaikōura Health & Safety – Tohu",
      /^attachment; filename="Kaikoura-Health-Safety-Tohu\.pdf"; filename\*=UTF-8''Kaik%C5%8Dura-Health-Safety-Tohu\.pdf$/,
    ],
    [
      "認証書",
      /^attachment; filename="certificate\.pdf"; filename\*=UTF-8''%E8%AA%8D%E8%A8%BC%E6%9B%B8\.pdf$/,
    ],
  ];
  for (const [title, expected] of cases) {
    const { fileUrl } = await certificateTitled(title);
    const response = await serve(certificationDownloadHref(fileUrl));
    expect(response.headers.get("content-disposition"), title).toMatch(expected);
  }
});

test("a stored file no certificate names downloads under its stored name", async () => {
  const stored = await getStorage().put("certificates", "loose.pdf", PDF);
  const response = await serve(`/files/certificates/${stored.name}?download`);
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${stored.name}"`);
});
