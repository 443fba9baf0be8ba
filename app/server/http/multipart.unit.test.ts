import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { createLocalStorage, setStorage } from "~/server/storage/storage.server";
import { type MultipartOptions, parseMultipart } from "./multipart.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tc-multipart-"));
setStorage(createLocalStorage(root));

const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n", "latin1");
const OPTIONS: MultipartOptions = {
  bucket: "contact_uploads",
  fileFields: ["file"],
  maxFileBytes: 1024 * 1024,
};

function request(form: FormData) {
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

function storedNames() {
  const dir = path.join(root, "contact_uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function clearStorage() {
  fs.rmSync(path.join(root, "contact_uploads"), { recursive: true, force: true });
}

test("text fields come back as FormData and a file is stored whole, named by its type", async () => {
  clearStorage();
  const form = new FormData();
  form.append("fullName", "Aroha");
  // Larger than one chunk, so every chunk has to reach storage.
  const bytes = Buffer.concat([PDF, Buffer.alloc(300_000, 0x41)]);
  form.append("file", new File([bytes], "Site Plan.PDF", { type: "application/pdf" }));
  form.append("after", "read too");
  const result = await parseMultipart(request(form), OPTIONS);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.fields.get("fullName")).toBe("Aroha");
  expect(result.fields.get("after")).toBe("read too");
  const upload = result.files.get("file");
  expect(upload).toMatchObject({
    bucket: "contact_uploads",
    size: bytes.length,
    detected: "pdf",
    originalName: "Site Plan.PDF",
  });
  expect(upload?.name).toMatch(/^\d{13}-[0-9a-f]{16}\.pdf$/);
  expect(upload?.path).toBe(`contact_uploads/${upload?.name}`);
  expect(fs.readFileSync(path.join(root, "contact_uploads", upload?.name ?? "")).equals(bytes)).toBe(true);
});

test("the stored name follows the bytes, not the visitor's file name", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File([PDF], "notes.exe"));
  const result = await parseMultipart(request(form), OPTIONS);
  expect(result.ok && result.files.get("file")?.name).toMatch(/\.pdf$/);
});

test("an unknown type is stored as .bin with detected null when no list is given", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File(["just some text"], "notes.txt"));
  const result = await parseMultipart(request(form), OPTIONS);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.files.get("file")).toMatchObject({ detected: null });
  expect(result.files.get("file")?.name).toMatch(/\.bin$/);
});

test("with acceptTypes, any other type is refused and never written", async () => {
  clearStorage();
  const form = new FormData();
  form.append("name", "kept");
  form.append(
    "file",
    new File([Buffer.from("MZ\x90\x00 program")], "invoice.pdf", { type: "application/pdf" }),
  );
  const result = await parseMultipart(request(form), { ...OPTIONS, acceptTypes: ["pdf", "jpeg"] });
  expect(result).toMatchObject({ ok: false, reason: "unsupported_type", fieldName: "file" });
  expect(result.fields.get("name")).toBe("kept");
  expect(storedNames()).toEqual([]);
});

test("a file over the limit is refused as too_large and nothing stays on disk", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File([PDF, Buffer.alloc(OPTIONS.maxFileBytes)], "big.pdf"));
  form.append("after", "still read");
  const result = await parseMultipart(request(form), OPTIONS);
  expect(result).toMatchObject({ ok: false, reason: "too_large", fieldName: "file" });
  expect(result.fields.get("after")).toBe("still read");
  expect(storedNames()).toEqual([]);
});

test("a file of exactly the limit is accepted; one byte more is not", async () => {
  clearStorage();
  const exact = Buffer.concat([PDF, Buffer.alloc(OPTIONS.maxFileBytes - PDF.length)]);
  const ok = new FormData();
  ok.append("file", new File([exact], "exact.pdf"));
  const accepted = await parseMultipart(request(ok), OPTIONS);
  expect(accepted.ok && accepted.files.get("file")?.size).toBe(OPTIONS.maxFileBytes);

  clearStorage();
  const over = new FormData();
  over.append("file", new File([exact, Buffer.from("!")], "over.pdf"));
  expect(await parseMultipart(request(over), OPTIONS)).toMatchObject({ ok: false, reason: "too_large" });
  expect(storedNames()).toEqual([]);
});

test("a limit smaller than the sniffed head still refuses the file", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File([PDF, Buffer.alloc(200)], "small.pdf"));
  const result = await parseMultipart(request(form), { ...OPTIONS, maxFileBytes: 64 });
  expect(result).toMatchObject({ ok: false, reason: "too_large" });
  expect(storedNames()).toEqual([]);
});

test("an empty file input (no file chosen) is no upload at all", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File([], ""));
  form.append("name", "x");
  const result = await parseMultipart(request(form), OPTIONS);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.files.size).toBe(0);
  expect(storedNames()).toEqual([]);
});

test("a named but empty file is not stored", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File([], "empty.pdf"));
  const result = await parseMultipart(request(form), OPTIONS);
  expect(result.ok && result.files.size).toBe(0);
  expect(storedNames()).toEqual([]);
});

test("a file in an unknown field is refused, and files already stored are removed", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File([PDF], "ok.pdf"));
  form.append("avatar", new File([PDF], "sneaky.pdf"));
  const result = await parseMultipart(request(form), { ...OPTIONS, fileFields: ["file", "other"] });
  expect(result).toMatchObject({ ok: false, reason: "too_many_parts", fieldName: "avatar" });
  expect(storedNames()).toEqual([]);
});

test("a second file in the same field is refused", async () => {
  clearStorage();
  const form = new FormData();
  form.append("file", new File([PDF], "one.pdf"));
  form.append("file", new File([PDF], "two.pdf"));
  expect(await parseMultipart(request(form), OPTIONS)).toMatchObject({ ok: false, reason: "too_many_parts" });
  expect(storedNames()).toEqual([]);
});

test("an over-long text field is refused as too_large with its name", async () => {
  const form = new FormData();
  form.append("message", "x".repeat(2000));
  const result = await parseMultipart(request(form), { ...OPTIONS, maxFieldBytes: 1000 });
  expect(result).toMatchObject({ ok: false, reason: "too_large", fieldName: "message" });
});

test("too many fields are refused", async () => {
  const form = new FormData();
  for (let i = 0; i < 6; i++) form.append(`f${i}`, "v");
  expect(await parseMultipart(request(form), { ...OPTIONS, maxFields: 5 })).toMatchObject({
    ok: false,
    reason: "too_many_parts",
  });
});

test("a url-encoded body is read the same way, with no files", async () => {
  const result = await parseMultipart(
    new Request("http://localhost/upload", {
      method: "POST",
      body: "fullName=Aroha+Ngata&message=Kia%20ora",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    OPTIONS,
  );
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.fields.get("fullName")).toBe("Aroha Ngata");
  expect(result.fields.get("message")).toBe("Kia ora");
  expect(result.files.size).toBe(0);
});

test("a malformed or cut-off body is refused as malformed and leaves no file", async () => {
  clearStorage();
  const noBody = await parseMultipart(new Request("http://localhost/upload", { method: "POST" }), OPTIONS);
  expect(noBody).toMatchObject({ ok: false, reason: "malformed" });
  const noBoundary = await parseMultipart(
    new Request("http://localhost/upload", {
      method: "POST",
      body: "x",
      headers: { "content-type": "multipart/form-data" },
    }),
    OPTIONS,
  );
  expect(noBoundary).toMatchObject({ ok: false, reason: "malformed" });
  const cut = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n${PDF.toString("latin1")}`;
  const truncated = await parseMultipart(
    new Request("http://localhost/upload", {
      method: "POST",
      body: cut,
      headers: { "content-type": "multipart/form-data; boundary=b" },
    }),
    OPTIONS,
  );
  expect(truncated).toMatchObject({ ok: false, reason: "malformed" });
  expect(storedNames()).toEqual([]);
});

test("a body stream that fails half-way is refused as malformed and leaves no file", async () => {
  clearStorage();
  const head = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n${PDF.toString("latin1")}`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(Buffer.from(head, "latin1"));
      setTimeout(() => controller.error(new Error("connection reset")), 10);
    },
  });
  const result = await parseMultipart(
    new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      duplex: "half",
    } as RequestInit),
    OPTIONS,
  );
  expect(result).toMatchObject({ ok: false, reason: "malformed" });
  expect(storedNames()).toEqual([]);
});
