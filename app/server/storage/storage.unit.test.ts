import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { createLocalStorage, generateStoredName, parseStoredPath, StorageError } from "./storage.server";

function tempStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tc-storage-unit-"));
  return { root, storage: createLocalStorage(root) };
}

test("stored names are generated: timestamp, random part, lower-cased extension", () => {
  const name = generateStoredName("Site Plan.PDF");
  expect(name).toMatch(/^\d{13}-[0-9a-f]{16}\.pdf$/);
  expect(generateStoredName("a.pdf")).not.toBe(generateStoredName("a.pdf"));
  expect(() => generateStoredName("no-extension")).toThrow(StorageError);
  expect(() => generateStoredName("evil.p/hp")).toThrow(StorageError);
});

test("a file is stored, read back and deleted", async () => {
  const { storage, root } = tempStorage();
  const put = await storage.put("contact_uploads", "quote.pdf", new TextEncoder().encode("%PDF-1.4 hello"));
  expect(put.path).toBe(`contact_uploads/${put.name}`);
  expect(fs.existsSync(path.join(root, "contact_uploads", put.name))).toBe(true);
  const got = await storage.get("contact_uploads", put.name);
  const chunks: Buffer[] = [];
  for await (const chunk of got.stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe("%PDF-1.4 hello");
  await storage.delete("contact_uploads", put.name);
  expect(await storage.exists("contact_uploads", put.name)).toBe(false);
});

test("names from a request can never leave their bucket", async () => {
  const { storage } = tempStorage();
  for (const name of [
    "../secret.txt",
    "..%2Fsecret",
    "/etc/passwd",
    "a/../../b.pdf",
    "..",
    "",
    "x.pdf\0.png",
  ]) {
    await expect(storage.get("certificates", name)).rejects.toMatchObject({ code: "bad_name" });
    await expect(storage.delete("contact_uploads", name)).rejects.toMatchObject({ code: "bad_name" });
  }
  expect(parseStoredPath("contact_uploads/../../etc/passwd")).toBeNull();
  expect(parseStoredPath("/files/certificates/1700000000000-0123456789abcdef.pdf")).toEqual({
    bucket: "certificates",
    name: "1700000000000-0123456789abcdef.pdf",
  });
});

test("the private bucket has no public URL", () => {
  const { storage } = tempStorage();
  expect(() => storage.publicUrl("contact_uploads", "1700000000000-0123456789abcdef.pdf")).toThrow(
    StorageError,
  );
  expect(storage.publicUrl("certificates", "1700000000000-0123456789abcdef.pdf")).toBe(
    "/files/certificates/1700000000000-0123456789abcdef.pdf",
  );
});

test("an oversize stream is refused and leaves no file behind", async () => {
  const { storage, root } = tempStorage();
  const big = Readable.from(
    (function* () {
      for (let i = 0; i < 11; i++) yield Buffer.alloc(1024 * 1024, 1);
    })(),
  );
  await expect(
    storage.put("contact_uploads", "big.pdf", big, { maxBytes: 10 * 1024 * 1024 }),
  ).rejects.toMatchObject({
    code: "too_large",
  });
  const left = fs.existsSync(path.join(root, "contact_uploads"))
    ? fs.readdirSync(path.join(root, "contact_uploads"))
    : [];
  expect(left).toEqual([]);
});
