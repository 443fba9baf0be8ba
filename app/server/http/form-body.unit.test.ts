// The one form reader: text fields come back as FormData, each file waits in the request's
// quarantine (never in storage), checked by its bytes and cut at its rule's size, and a refused
// body leaves no file anywhere.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { createLocalStorage, setStorage } from "~/server/storage/storage.server";
import { type BodyLimits, type FileRule, readBody } from "./form-body.server";
import { openQuarantine, type Quarantine, quarantineRoot, sweepQuarantine } from "./quarantine.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tc-form-body-"));
setStorage(createLocalStorage(root));

const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n", "latin1");
const RULE: FileRule = { field: "file", bucket: "contact_uploads", maxBytes: 1024 * 1024 };
const LIMITS: BodyLimits = { maxFields: 50, maxFieldBytes: 64 * 1024, maxTextBytes: 128 * 1024 };

function request(form: FormData) {
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

let quarantine: Quarantine;

function read(
  body: Request,
  rule: Partial<FileRule> = {},
  limits: Partial<BodyLimits> = {},
  rules?: FileRule[],
) {
  quarantine = openQuarantine();
  return readBody(body, {
    files: rules ?? [{ ...RULE, ...rule }],
    limits: { ...LIMITS, ...limits },
    quarantine,
  });
}

/** Every file in the quarantine, whatever request folder it is in. */
function quarantined(): string[] {
  const dir = quarantineRoot();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

/** Storage is never written by reading a form. */
function stored() {
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }) : [];
}

afterEach(async () => {
  await quarantine?.release();
  expect(quarantined()).toEqual([]);
  expect(stored()).toEqual([]);
});

test("text fields come back as FormData and a file waits whole in quarantine, its stored name chosen by its type", async () => {
  const form = new FormData();
  form.append("fullName", "Aroha");
  // Larger than one chunk, so every chunk has to reach the disk.
  const bytes = Buffer.concat([PDF, Buffer.alloc(300_000, 0x41)]);
  form.append("file", new File([bytes], "Site Plan.PDF", { type: "application/pdf" }));
  form.append("after", "read too");
  const body = await read(request(form));
  expect(body.problem).toBeNull();
  expect(body.fields.get("fullName")).toBe("Aroha");
  expect(body.fields.get("after")).toBe("read too");
  const held = body.files.get("file");
  expect(held).toMatchObject({
    bucket: "contact_uploads",
    size: bytes.length,
    detected: "pdf",
    originalName: "Site Plan.PDF",
    url: null,
  });
  expect(held?.name).toMatch(/^\d{13}-[0-9a-f]{16}\.pdf$/);
  expect(held?.path).toBe(`contact_uploads/${held?.name}`);
  expect(held?.temp.startsWith(quarantineRoot())).toBe(true);
  expect(fs.readFileSync(held?.temp ?? "").equals(bytes)).toBe(true);
  expect(stored()).toEqual([]);
  await quarantine.release();
  expect(fs.existsSync(held?.temp ?? "")).toBe(false);
});

test("the stored name follows the bytes, not the visitor's file name", async () => {
  const form = new FormData();
  form.append("file", new File([PDF], "notes.exe"));
  const body = await read(request(form));
  expect(body.files.get("file")?.name).toMatch(/\.pdf$/);
});

test("an unknown type is held as .bin with detected null when the rule names no types", async () => {
  const form = new FormData();
  form.append("file", new File(["just some text"], "notes.txt"));
  const body = await read(request(form));
  expect(body.problem).toBeNull();
  expect(body.files.get("file")).toMatchObject({ detected: null });
  expect(body.files.get("file")?.name).toMatch(/\.bin$/);
});

test("with accepted types, any other type is refused and never written", async () => {
  const form = new FormData();
  form.append("name", "kept");
  form.append(
    "file",
    new File([Buffer.from("MZ\x90\x00 program")], "invoice.pdf", { type: "application/pdf" }),
  );
  const body = await read(request(form), { accept: ["pdf", "jpeg"] });
  expect(body.problem).toEqual({ kind: "file", field: "file", problem: "wrong_type" });
  expect(body.fields.get("name")).toBe("kept");
  expect(body.files.size).toBe(0);
  expect(quarantined()).toEqual([]);
});

test("a file over the limit is refused as too large, the fields after it still read, and nothing stays", async () => {
  const form = new FormData();
  form.append("file", new File([PDF, Buffer.alloc(RULE.maxBytes)], "big.pdf"));
  form.append("after", "still read");
  const body = await read(request(form));
  expect(body.problem).toEqual({ kind: "file", field: "file", problem: "too_large" });
  expect(body.fields.get("after")).toBe("still read");
  expect(quarantined()).toEqual([]);
});

test("a file of exactly the limit is accepted; one byte more is not", async () => {
  const exact = Buffer.concat([PDF, Buffer.alloc(RULE.maxBytes - PDF.length)]);
  const ok = new FormData();
  ok.append("file", new File([exact], "exact.pdf"));
  const accepted = await read(request(ok));
  expect(accepted.files.get("file")?.size).toBe(RULE.maxBytes);
  await quarantine.release();

  const over = new FormData();
  over.append("file", new File([exact, Buffer.from("!")], "over.pdf"));
  expect((await read(request(over))).problem).toMatchObject({ kind: "file", problem: "too_large" });
  expect(quarantined()).toEqual([]);
});

test("a limit smaller than the sniffed head still refuses the file", async () => {
  const form = new FormData();
  form.append("file", new File([PDF, Buffer.alloc(200)], "small.pdf"));
  const body = await read(request(form), { maxBytes: 64 });
  expect(body.problem).toMatchObject({ kind: "file", problem: "too_large" });
  expect(quarantined()).toEqual([]);
});

test("an empty file input (no file chosen) or a named empty file is no upload at all", async () => {
  const form = new FormData();
  form.append("file", new File([], ""));
  form.append("name", "x");
  const body = await read(request(form));
  expect(body.problem).toBeNull();
  expect(body.files.size).toBe(0);
  await quarantine.release();
  const named = new FormData();
  named.append("file", new File([], "empty.pdf"));
  expect((await read(request(named))).files.size).toBe(0);
  expect(quarantined()).toEqual([]);
});

test("a file in an unknown field, or a second file for one input, is refused and none is kept", async () => {
  const form = new FormData();
  form.append("file", new File([PDF], "ok.pdf"));
  form.append("avatar", new File([PDF], "sneaky.pdf"));
  const other: FileRule = { ...RULE, field: "other" };
  expect(await read(request(form), {}, {}, [RULE, other])).toMatchObject({
    problem: { kind: "unreadable" },
    files: new Map(),
  });
  expect(quarantined()).toEqual([]);
  await quarantine.release();
  const twice = new FormData();
  twice.append("file", new File([PDF], "one.pdf"));
  twice.append("file", new File([PDF], "two.pdf"));
  expect((await read(request(twice))).problem).toEqual({ kind: "unreadable" });
  expect(quarantined()).toEqual([]);
});

test("a value past its field's cap is cut and named; past the form's text budget the form is too large", async () => {
  const form = new FormData();
  form.append("message", "x".repeat(2000));
  form.append("name", "Aroha");
  const cut = await read(request(form), {}, { maxFieldBytes: 1000 });
  expect(cut.problem).toBeNull();
  expect(cut.cut).toEqual(new Set(["message"]));
  expect(cut.fields.get("message")).toHaveLength(1000);
  expect(cut.fields.get("name")).toBe("Aroha");
  await quarantine.release();
  const body = await read(request(form), {}, { maxTextBytes: 1500 });
  expect(body.problem).toEqual({ kind: "too_large" });
});

test("too many fields are refused", async () => {
  const form = new FormData();
  for (let i = 0; i < 6; i++) form.append(`f${i}`, "v");
  expect((await read(request(form), {}, { maxFields: 5 })).problem).toEqual({ kind: "too_many_fields" });
});

test("a url-encoded body is read the same way, with no files; one declared too large is not read", async () => {
  const urlencoded = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
  const body = await read(urlencoded("fullName=Aroha+Ngata&message=Kia%20ora&empty"));
  expect(body.problem).toBeNull();
  expect(body.fields.get("fullName")).toBe("Aroha Ngata");
  expect(body.fields.get("message")).toBe("Kia ora");
  expect(body.fields.get("empty")).toBe("");
  expect(body.files.size).toBe(0);
  await quarantine.release();
  const declared = await read(urlencoded("a=1", { "content-length": String(LIMITS.maxTextBytes + 1) }));
  expect(declared.problem).toEqual({ kind: "too_large" });
});

test("a body that is not a form is refused unread", async () => {
  const json = new Request("http://localhost/upload", {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  expect((await read(json)).problem).toEqual({ kind: "not_a_form" });
});

test("a malformed or cut-off body is refused as unreadable and leaves no file", async () => {
  const noBody = await read(
    new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
    }),
  );
  expect(noBody.problem).toEqual({ kind: "unreadable" });
  const noBoundary = await read(
    new Request("http://localhost/upload", {
      method: "POST",
      body: "x",
      headers: { "content-type": "multipart/form-data" },
    }),
  );
  expect(noBoundary.problem).toEqual({ kind: "unreadable" });
  const cut = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n${PDF.toString("latin1")}`;
  const truncated = await read(
    new Request("http://localhost/upload", {
      method: "POST",
      body: cut,
      headers: { "content-type": "multipart/form-data; boundary=b" },
    }),
  );
  expect(truncated.problem).toEqual({ kind: "unreadable" });
  expect(quarantined()).toEqual([]);
});

test("a body stream that fails half-way (the client gone) is refused as unreadable and leaves no file", async () => {
  const head = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n${PDF.toString("latin1")}`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(Buffer.from(head, "latin1"));
      setTimeout(() => controller.error(new Error("connection reset")), 10);
    },
  });
  const result = await read(
    new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=b" },
      duplex: "half",
    } as RequestInit),
  );
  expect(result.problem).toEqual({ kind: "unreadable" });
  expect(quarantined()).toEqual([]);
});

test("the end of the request empties its quarantine, unless a hold is in progress: then the hold's end does", async () => {
  const controller = new AbortController();
  const mine = openQuarantine(controller.signal);
  const file = await mine.newFile();
  fs.writeFileSync(file, "held");
  let during = false;
  await mine.hold(async () => {
    controller.abort();
    await new Promise((resolve) => setImmediate(resolve));
    during = fs.existsSync(file);
  });
  expect(during).toBe(true);
  expect(fs.existsSync(file)).toBe(false);
});

test("folders a killed process left are swept by age; a young one is left alone", async () => {
  const left = openQuarantine();
  fs.writeFileSync(await left.newFile(), "left behind");
  expect(await sweepQuarantine(new Date(Date.now() - 60_000))).toBe(0);
  expect(quarantined()).toHaveLength(1);
  expect(await sweepQuarantine(new Date(Date.now() + 1000))).toBe(1);
});
