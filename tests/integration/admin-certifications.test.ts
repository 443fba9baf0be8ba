// Certifications in the back office through the route's loader and action: the dialog's uploads
// (checked by their bytes), what is stored, the list, and what is refused (400, nothing written).
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { action, loader } from "~/routes/admin/certifications";
import { categories, certifications } from "~/server/db/schema";
import { errorOf, fieldErrorsOf, getLoader, postAction, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const PATH = "/admin/certifications";
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
// A whole 1x1 PNG: uploaded images are decoded, so a bare signature would be refused.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from("<html><script>alert(1)</script></html>");

// Every field of the dialog, as the browser posts them; the switch posts "on" only when on.
const FORM = { title: "", description: "", categoryId: "", fileUrl: "", fileType: "", imageUrl: "" };

function save(fields: Record<string, string>) {
  return postAction(action, PATH, { intent: "create", ...FORM, ...fields });
}

async function stored(title: string) {
  const [row] = await database.current.db
    .select()
    .from(certifications)
    .where(eq(certifications.title, title));
  return row;
}

function uploadForm(kind: string, bytes: Buffer, name: string) {
  const body = new FormData();
  body.append("intent", "upload");
  body.append("kind", kind);
  body.append("file", new File([new Uint8Array(bytes)], name));
  return body;
}

function certificatesOnDisk() {
  const dir = path.join(database.current.storageRoot, "certificates");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

test("a certification is stored with its fields; allow download is on when the switch is", async () => {
  const [category] = await database.current.db
    .insert(categories)
    .values({ name: "Fire", type: "certifications" })
    .returning();
  const result = await save({
    title: "Fire rating FRR 60/60/60",
    description: "Tested wall system",
    categoryId: category?.id ?? "",
    fileUrl: "https://docs.example.nz/frr.pdf",
    fileType: "PDF",
    imageUrl: "/files/certificates/1700000000000-0123456789abcdef.png",
    allowDownload: "on",
  });
  expect(result.status).toBe(302);
  expect(result.location).toBe(PATH);
  expect(await toastOf(result)).toBe("Certification created successfully");
  expect(await stored("Fire rating FRR 60/60/60")).toMatchObject({
    description: "Tested wall system",
    categoryId: category?.id,
    fileUrl: "https://docs.example.nz/frr.pdf",
    fileType: "PDF",
    allowDownload: true,
  });
  await save({ title: "View only", fileUrl: "/files/certificates/x.pdf", fileType: "PDF" });
  expect((await stored("View only"))?.allowDownload).toBe(false);
  const data = await getLoader(loader, PATH);
  expect(data.list.rows.map((row) => [row.title, row.categoryName, row.fileType])).toContainEqual([
    "Fire rating FRR 60/60/60",
    "Fire",
    "PDF",
  ]);
  expect(data.categories.map((c) => c.name)).toEqual(["Fire"]);
});

test("title, file URL and file type are required; unsafe URLs are refused; nothing is written", async () => {
  const before = await database.current.db.$count(certifications);
  const empty = await save({});
  expect(empty.status).toBe(400);
  expect(fieldErrorsOf(empty)).toMatchObject({
    title: ["Title is required"],
    fileUrl: ["File URL is required"],
    fileType: ["File type is required"],
  });
  const script = await save({
    title: "Bad",
    fileUrl: "javascript:alert(1)",
    fileType: "PDF",
    imageUrl: "data:text/html,x",
  });
  expect(fieldErrorsOf(script)).toMatchObject({
    fileUrl: ["Please enter a valid file URL (https://… or /path)"],
    imageUrl: ["Please enter a valid image URL"],
  });
  const [products] = await database.current.db
    .insert(categories)
    .values({ name: "Decking", type: "products" })
    .returning();
  const forged = await save({
    title: "Forged",
    fileUrl: "/a.pdf",
    fileType: "PDF",
    categoryId: products?.id ?? "",
  });
  expect(errorOf(forged)?.description).toBe("Please choose a certification category from the list.");
  expect(await database.current.db.$count(certifications)).toBe(before);
});

test("edit and delete change what is stored", async () => {
  await save({
    title: "Codemark",
    fileUrl: "/files/certificates/a.pdf",
    fileType: "PDF",
    allowDownload: "on",
  });
  const row = await stored("Codemark");
  const updated = await postAction(action, PATH, {
    ...FORM,
    intent: "update",
    id: row?.id ?? "",
    title: "CodeMark certificate",
    fileUrl: "https://docs.example.nz/codemark.jpg",
    fileType: "JPG",
  });
  expect(await toastOf(updated)).toBe("Certification updated successfully");
  expect(await stored("CodeMark certificate")).toMatchObject({
    id: row?.id,
    fileType: "JPG",
    allowDownload: false,
  });
  const deleted = await postAction(action, PATH, { intent: "delete", id: row?.id ?? "" });
  expect(await toastOf(deleted)).toBe("Certification deleted successfully");
  expect(await stored("CodeMark certificate")).toBeUndefined();
});

test("a certificate upload is told by its bytes: a PDF is stored as .pdf and its type prefilled", async () => {
  const result = await postAction(action, PATH, uploadForm("file", PDF, "scan.png"));
  expect(result.status).toBe(200);
  const answer = (result.body as { upload: { kind: string; url: string; fileType: string } }).upload;
  expect(answer).toMatchObject({ kind: "file", fileType: "PDF" });
  expect(answer.url).toMatch(/^\/files\/certificates\/\d{13}-[0-9a-f]{16}\.pdf$/);
  expect(certificatesOnDisk()).toEqual([answer.url.split("/").pop()]);

  const png = await postAction(action, PATH, uploadForm("file", PNG, "photo.png"));
  expect((png.body as { upload: { fileType: string } }).upload.fileType).toBe("PNG");
});

test("uploads that are not what they claim are refused and leave no file behind", async () => {
  const before = certificatesOnDisk().length;
  const html = await postAction(action, PATH, uploadForm("file", HTML, "cert.pdf"));
  expect(html.status).toBe(400);
  expect(errorOf(html)).toEqual({
    title: "Failed to upload file",
    description: "Please upload a PDF, PNG or JPEG file",
  });
  const pdfAsImage = await postAction(action, PATH, uploadForm("image", PDF, "photo.png"));
  expect(errorOf(pdfAsImage)).toEqual({
    title: "Failed to upload image",
    description: "Please upload an image file",
  });
  expect(certificatesOnDisk()).toHaveLength(before);
});

test("an image upload goes to the certificates bucket and answers its public URL", async () => {
  const result = await postAction(action, PATH, uploadForm("image", PNG, "badge.png"));
  expect(result.status).toBe(200);
  const answer = (result.body as { upload: { kind: string; url: string; fileType: string | null } }).upload;
  expect(answer).toMatchObject({ kind: "image", fileType: null });
  expect(answer.url).toMatch(/^\/files\/certificates\/.+\.png$/);
});

test("search matches title, description and file type; the list is paged by 10 with the exact total", async () => {
  await database.current.db.delete(certifications);
  const start = Date.now() - 60_000;
  await database.current.db.insert(certifications).values(
    Array.from({ length: 12 }, (_, i) => ({
      title: `Certificate ${String(i + 1).padStart(2, "0")}`,
      description: i === 4 ? "Approved for BRANZ appraisal" : null,
      fileUrl: "/x.pdf",
      fileType: i === 7 ? "JPG" : "PDF",
      createdAt: new Date(start + i * 1000),
    })),
  );
  const first = await getLoader(loader, PATH);
  expect(first.list).toMatchObject({ total: 12, page: 1, pageCount: 2 });
  expect(first.list.rows[0]?.title).toBe("Certificate 12");
  const second = await getLoader(loader, `${PATH}?page=2`);
  expect(second.list.rows.map((row) => row.title)).toEqual(["Certificate 02", "Certificate 01"]);
  const titles = async (q: string) =>
    (await getLoader(loader, `${PATH}?q=${q}`)).list.rows.map((row) => row.title);
  expect(await titles("branz")).toEqual(["Certificate 05"]);
  expect(await titles("jpg")).toEqual(["Certificate 08"]);
  expect(await titles("certificate%2011")).toEqual(["Certificate 11"]);
});

test("sales cannot write certifications or upload files", async () => {
  const sales = await postAction(
    action,
    PATH,
    { ...FORM, intent: "create", title: "By sales", fileUrl: "/a.pdf", fileType: "PDF" },
    "sales",
  );
  expect(sales.status).toBe(403);
  const upload = await postAction(action, PATH, uploadForm("file", PDF, "a.pdf"), "sales");
  expect(upload.status).toBe(403);
  expect(await stored("By sales")).toBeUndefined();
});
