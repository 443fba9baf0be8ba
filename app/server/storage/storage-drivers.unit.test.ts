// The storage contract, one body run against both drivers: the local disk, and the S3 driver
// against a real S3-protocol server (s3rver) started in this process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { S3RVER_CREDENTIALS, startS3Server } from "../../../tests/support/s3-server";
import { parseStorageUrl } from "../storage-url";
import { copyStoredFiles } from "./migrate.server";
import { type Bucket, createLocalStorage, type Storage, StorageError } from "./storage.server";

let s3: Awaited<ReturnType<typeof startS3Server>>;
const folders: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

let fresh = 0;
const drivers: { name: string; create(): Storage }[] = [
  {
    name: "local disk",
    create() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "tc-storage-contract-"));
      folders.push(root);
      return createLocalStorage(root);
    },
  },
  {
    name: "S3",
    // A prefix of its own per test: every test starts with empty buckets.
    create: () => s3.storage({ prefix: `test-${++fresh}/` }),
  },
];

const MB = 1024 * 1024;

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function listNames(storage: Storage, bucket: Bucket) {
  const names: string[] = [];
  for await (const file of storage.list(bucket)) names.push(file.name);
  return names;
}

/** `total` bytes in 64 KB chunks, made as they are read (never all in memory), calling `onChunk`. */
function generated(total: number, onChunk: () => void = () => {}) {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += 64 * 1024) {
        onChunk();
        yield Buffer.alloc(Math.min(64 * 1024, total - sent), sent % 251);
      }
    })(),
  );
}

/**
 * A full garbage collection, for measuring what stays alive rather than what waits to be
 * collected. Twice: V8 frees dead buffers' memory on a background thread after a collection, and
 * the next collection waits for that to finish.
 */
function collectGarbage() {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  return () => {
    gc();
    gc();
  };
}

for (const driver of drivers) {
  test(`${driver.name}: a file is put, streamed back, listed, checked and deleted`, async () => {
    const storage = driver.create();
    const put = await storage.put(
      "contact_uploads",
      "Site Plan.PDF",
      new TextEncoder().encode("%PDF-1.4 hello"),
    );
    expect(put).toMatchObject({ bucket: "contact_uploads", path: `contact_uploads/${put.name}`, size: 14 });
    expect(put.name).toMatch(/^\d{13}-[0-9a-f]{16}\.pdf$/);

    const got = await storage.get("contact_uploads", put.name);
    expect(got.size).toBe(14);
    expect((await readAll(got.stream)).toString()).toBe("%PDF-1.4 hello");
    expect(await storage.exists("contact_uploads", put.name)).toBe(true);

    const listed = [];
    for await (const file of storage.list("contact_uploads")) listed.push(file);
    expect(listed).toEqual([{ name: put.name, size: 14, modified: expect.any(Date) }]);
    expect(Math.abs((listed[0]?.modified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await listNames(storage, "media")).toEqual([]);

    await storage.delete("contact_uploads", put.name);
    expect(await storage.exists("contact_uploads", put.name)).toBe(false);
    expect(await listNames(storage, "contact_uploads")).toEqual([]);
    // Deleting what is gone is no error.
    await storage.delete("contact_uploads", put.name);
  });

  test(`${driver.name}: a missing file is StorageError not_found`, async () => {
    const storage = driver.create();
    const missing = "1700000000000-0123456789abcdef.pdf";
    await expect(storage.get("certificates", missing)).rejects.toMatchObject({ code: "not_found" });
    await expect(storage.get("certificates", missing, { range: { start: 0, end: 9 } })).rejects.toMatchObject(
      {
        code: "not_found",
      },
    );
    expect(await storage.exists("certificates", missing)).toBe(false);
  });

  test(`${driver.name}: a byte range is read without the rest of the file`, async () => {
    const storage = driver.create();
    const put = await storage.put("media", "digits.png", Buffer.from("0123456789"));
    async function read(range: Parameters<Storage["get"]>[2]) {
      const file = await storage.get("media", put.name, range);
      return { text: (await readAll(file.stream)).toString(), size: file.size, range: file.range };
    }
    expect(await read({ range: { start: 2, end: 5 } })).toEqual({
      text: "2345",
      size: 10,
      range: { start: 2, end: 5 },
    });
    expect(await read({ range: { start: 7 } })).toEqual({
      text: "789",
      size: 10,
      range: { start: 7, end: 9 },
    });
    expect(await read({ range: { suffix: 3 } })).toEqual({
      text: "789",
      size: 10,
      range: { start: 7, end: 9 },
    });
    expect(await read({ range: { start: 8, end: 99 } })).toEqual({
      text: "89",
      size: 10,
      range: { start: 8, end: 9 },
    });
    const refused = await storage
      .get("media", put.name, { range: { start: 10 } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageError);
    expect(refused).toMatchObject({ code: "bad_range", size: 10 });
  });

  test(`${driver.name}: a file over maxBytes is refused as too_large and leaves nothing`, async () => {
    const storage = driver.create();
    // Past one whole 8 MiB part, so the S3 driver has begun a multipart upload it must abort.
    const refused = storage.put("contact_uploads", "big.pdf", generated(10 * MB), { maxBytes: 9 * MB });
    await expect(refused).rejects.toMatchObject({ code: "too_large" });
    expect(await listNames(storage, "contact_uploads")).toEqual([]);
    expect(await storage.deleteUnfinished("contact_uploads", new Date(Date.now() + 60_000))).toBe(0);
    // A file right at the limit is fine.
    const fits = await storage.put("contact_uploads", "fits.pdf", generated(MB), { maxBytes: MB });
    expect(fits.size).toBe(MB);
  });

  test(`${driver.name}: a 10 MB upload streams through without being held in memory`, async () => {
    const storage = driver.create();
    const gc = collectGarbage();
    const used = () => {
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    gc();
    const before = used();
    let peak = 0;
    let lastGcMs = 0;
    function sample() {
      const started = performance.now();
      gc();
      lastGcMs = performance.now() - started;
      peak = Math.max(peak, used() - before);
    }
    let chunks = 0;
    // Sampled on a timer too (the upload of a part holds memory while no chunk is made), at
    // least four collections' time apart: on a starved machine a full collection can take as
    // long as a fixed interval, and the upload would then wait on collections alone.
    let sampler: NodeJS.Timeout | undefined;
    const schedule = () => {
      sampler = setTimeout(
        () => {
          sample();
          schedule();
        },
        Math.max(250, 4 * lastGcMs),
      );
    };
    schedule();
    try {
      const put = await storage.put(
        "media",
        "large.jpg",
        generated(10 * MB, () => {
          if (++chunks % 24 === 0) sample();
        }),
      );
      expect(put.size).toBe(10 * MB);
    } finally {
      clearTimeout(sampler);
    }
    sample();
    // Holding the file would take 10 MB; a streamed upload holds a few chunks of it.
    expect(peak).toBeLessThan(4 * MB);
    const listed = [];
    for await (const file of storage.list("media")) listed.push(file);
    expect(listed.map((file) => file.size)).toEqual([10 * MB]);
    const name = listed[0]?.name ?? "";
    const tail = await storage.get("media", name, { range: { suffix: 64 * 1024 } });
    expect(await readAll(tail.stream)).toEqual(Buffer.alloc(64 * 1024, (10 * MB - 64 * 1024) % 251));
    // Its forced collections make it the file's slowest on a busy machine (seen at 4× its quiet
    // time, and more when the machine is starved).
  }, 90_000);

  test(`${driver.name}: a stored name can be given (restore, migration) and only one of ours`, async () => {
    const storage = driver.create();
    const name = "1700000000000-0123456789abcdef.pdf";
    const put = await storage.put("certificates", name, Buffer.from("%PDF-1.4"), { name });
    expect(put.name).toBe(name);
    expect(await listNames(storage, "certificates")).toEqual([name]);
    await expect(
      storage.put("certificates", "x.pdf", Buffer.from("x"), { name: "../x.pdf" }),
    ).rejects.toMatchObject({
      code: "bad_name",
    });
  });

  test(`${driver.name}: the start-up check passes and private buckets have no public URL`, async () => {
    const storage = driver.create();
    await storage.check();
    expect(storage.publicUrl("media", "1700000000000-0123456789abcdef.png")).toBe(
      "/files/media/1700000000000-0123456789abcdef.png",
    );
    expect(() => storage.publicUrl("contact_uploads", "1700000000000-0123456789abcdef.pdf")).toThrow(
      StorageError,
    );
    expect(() => storage.publicUrl("quotes", "1700000000000-0123456789abcdef.pdf")).toThrow(StorageError);
  });

  test(`${driver.name}: a serving mark is written, refreshed, listed apart from the files and removed`, async () => {
    const storage = driver.create();
    const file = await storage.put("media", "deck.png", Buffer.from("a deck"));
    const mark = {
      id: "shop-1-3001-4242",
      host: "shop-1",
      pid: 4242,
      port: 3001,
      at: "2026-01-01T00:00:00.000Z",
    };
    await storage.putServingMark(mark);
    await storage.putServingMark({ ...mark, at: "2026-01-01T00:01:00.000Z" });
    await storage.putServingMark({ ...mark, id: "shop-2-3002-7", pid: 7, port: 3002 });
    const marks = await storage.listServingMarks();
    expect(marks.sort((a, b) => a.port - b.port)).toEqual([
      { ...mark, at: "2026-01-01T00:01:00.000Z" },
      { ...mark, id: "shop-2-3002-7", pid: 7, port: 3002 },
    ]);
    // Not a file of any bucket: backups, restores and sweeps never see it.
    for (const bucket of ["contact_uploads", "quotes", "certificates", "media"] as const) {
      expect(await listNames(storage, bucket)).toEqual(bucket === "media" ? [file.name] : []);
    }
    await storage.deleteServingMark(mark.id);
    expect((await storage.listServingMarks()).map((m) => m.id)).toEqual(["shop-2-3002-7"]);
    await expect(storage.putServingMark({ ...mark, id: "../escape" })).rejects.toThrow(StorageError);
  });
}

test("S3: files are keyed <prefix><bucket>/<name> in the one bucket", async () => {
  const storage = s3.storage({ prefix: "site-a/" });
  const put = await storage.put("certificates", "c.pdf", Buffer.from("%PDF-1.4"));
  // s3rver keeps each object as a file under <directory>/<bucket>/<key>.
  const onDisk = path.join(s3.directory, "trade-counter", "site-a", "certificates");
  expect(fs.readdirSync(onDisk).some((file) => file.startsWith(put.name))).toBe(true);
  // Another prefix is another site: it sees none of these files.
  expect(await listNames(s3.storage({ prefix: "site-b/" }), "certificates")).toEqual([]);
});

// s3rver checks the access key id but not a version 4 signature, so the wrong credential here is
// an unknown key id; a wrong secret gets the same 403 from S3 itself.
test("S3: wrong credentials stop the start with a message naming STORAGE_URL", async () => {
  const storage = s3.storage({ credentials: { ...S3RVER_CREDENTIALS, accessKeyId: "NOT-A-KEY" } });
  await expect(storage.check()).rejects.toThrow(
    /^STORAGE_URL: the bucket s3:\/\/trade-counter\/tradecounter\/ at http:\/\/127\.0\.0\.1:\d+ refused the credentials \(check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\)$/,
  );
});

test("S3: a missing bucket stops the start with a message naming STORAGE_URL", async () => {
  const storage = s3.storage({ bucket: "no-such-bucket" });
  await expect(storage.check()).rejects.toThrow(
    /^STORAGE_URL: the bucket s3:\/\/no-such-bucket\/.* does not exist$/,
  );
});

test("STORAGE_URL is read with its options, and a bad one is refused with the reason", () => {
  expect(
    parseStorageUrl(
      "s3://my-bucket?endpoint=https://s3.example.com&region=auto&forcePathStyle=true&prefix=tradecounter",
    ),
  ).toEqual({
    bucket: "my-bucket",
    endpoint: "https://s3.example.com",
    region: "auto",
    forcePathStyle: true,
    prefix: "tradecounter/",
  });
  expect(parseStorageUrl("s3://my-bucket")).toEqual({
    bucket: "my-bucket",
    endpoint: undefined,
    region: "us-east-1",
    forcePathStyle: false,
    prefix: "",
  });
  for (const bad of [
    "https://my-bucket",
    "s3://key:secret@my-bucket",
    "s3://my-bucket/some/path",
    "s3://My_Bucket",
    "s3://my-bucket?endpoint=ftp://x",
    "s3://my-bucket?forcePathStyle=yes",
    "s3://my-bucket?prefix=../up",
    "s3://my-bucket?acl=public-read",
  ]) {
    expect(parseStorageUrl(bad), bad).toHaveProperty("error");
  }
});

test("storage:migrate copies every local file into the bucket under its name, then skips it", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tc-storage-migrate-"));
  folders.push(root);
  const local = createLocalStorage(root);
  const bucket = s3.storage({ prefix: "migrated/" });
  const attachment = await local.put("contact_uploads", "plans.pdf", Buffer.from("%PDF-1.4 plans"));
  const photo = await local.put("media", "photo.jpg", generated(MB));

  expect(await copyStoredFiles(local, bucket)).toEqual({ copied: 2, skipped: 0, bytes: MB + 14 });
  expect(await listNames(bucket, "contact_uploads")).toEqual([attachment.name]);
  const copied = await bucket.get("media", photo.name);
  expect(copied.size).toBe(MB);
  expect(
    (await readAll(copied.stream)).equals(await readAll((await local.get("media", photo.name)).stream)),
  ).toBe(true);

  // Run again: nothing to copy. A late upload is copied on the next run.
  expect(await copyStoredFiles(local, bucket)).toEqual({ copied: 0, skipped: 2, bytes: 0 });
  await local.put("certificates", "c.pdf", Buffer.from("%PDF-1.4 c"));
  expect(await copyStoredFiles(local, bucket)).toMatchObject({ copied: 1, skipped: 2 });
});
