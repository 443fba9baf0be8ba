// The app on the S3 driver (a real S3-protocol server, s3rver, in this process): public files are
// served through the app with their cache headers and byte ranges, a missing one is a 404, and
// the orphan sweep and the attachment retention work on the bucket as on the disk.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { deleteExpiredAttachments, subtractMonths } from "~/modules/enquiries/retention.server";
import { loader as publicFileLoader } from "~/routes/resources/public-file";
import { contactQueries } from "~/server/db/schema";
import { sweepOrphanedUploads, sweepPartialWrites } from "~/server/runtime/housekeeping.server";
import { createStorage, getStorage, parseStoredPath, setStorage } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";
import { startS3Server } from "../support/s3-server";

const database = useTestDatabase();
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  s3 = await startS3Server();
});

// A key prefix of its own per test: each starts with an empty bucket.
let site = 0;
beforeEach(() => {
  setStorage(s3.storage({ prefix: `site-${++site}/` }));
});

afterAll(async () => {
  await s3?.close();
});

const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");
const MIN_AGE_MS = 60_000;

async function serve(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, "http://localhost");
  const [, , bucket, name] = url.pathname.split("/");
  try {
    return (await publicFileLoader({
      request: new Request(url, { headers }),
      params: { bucket, name },
      context: {},
    } as never)) as Response;
  } catch (thrown) {
    const answer = thrown as { init?: { status?: number } };
    return new Response(null, { status: answer.init?.status ?? 500 });
  }
}

async function enquiryWith(fileUrl: string, fields: Partial<typeof contactQueries.$inferInsert> = {}) {
  const [row] = await database.current.db
    .insert(contactQueries)
    .values({
      fullName: "Aroha Ngata",
      email: "aroha@example.co.nz",
      subject: "Quote Request",
      message: "Please quote 40 lengths of 90x45 framing.",
      fileUrl,
      ...fields,
    })
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

test("a public file streams from the bucket through the app, whole or a range, with its cache headers", async () => {
  const stored = await getStorage().put("media", "photo.png", Buffer.from("0123456789"));
  const href = getStorage().publicUrl("media", stored.name);

  const whole = await serve(href);
  expect(whole.status).toBe(200);
  expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(whole.headers.get("accept-ranges")).toBe("bytes");
  expect(await whole.text()).toBe("0123456789");

  const part = await serve(href, { Range: "bytes=3-5" });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe("bytes 3-5/10");
  expect(part.headers.get("content-length")).toBe("3");
  expect(await part.text()).toBe("345");

  const last = await serve(href, { Range: "bytes=-2" });
  expect(last.status).toBe(206);
  expect(await last.text()).toBe("89");

  const beyond = await serve(href, { Range: "bytes=10-" });
  expect(beyond.status).toBe(416);
  expect(beyond.headers.get("content-range")).toBe("bytes */10");
});

test("a file missing from the bucket is a 404, and a private bucket is never served publicly", async () => {
  expect((await serve("/files/media/1700000000000-0123456789abcdef.png")).status).toBe(404);
  const secret = await getStorage().put("contact_uploads", "plans.pdf", PDF);
  expect((await serve(`/files/contact_uploads/${secret.name}`)).status).toBe(404);
});

test("the orphan sweep lists the bucket: old unreferenced uploads go, referenced and young ones stay", async () => {
  const referenced = await getStorage().put("contact_uploads", "plans.pdf", PDF);
  await enquiryWith(referenced.path);
  const orphan = await getStorage().put("contact_uploads", "plans.pdf", PDF);

  // Just stored: too young to judge.
  expect(await sweepOrphanedUploads({ minAgeMs: MIN_AGE_MS })).toEqual({ orphans: 0, partial: 0 });
  expect(await getStorage().exists("contact_uploads", orphan.name)).toBe(true);

  // Once old enough, only the file no enquiry refers to goes.
  const later = Date.now() + 2 * MIN_AGE_MS;
  expect(await sweepOrphanedUploads({ minAgeMs: MIN_AGE_MS, now: later })).toEqual({
    orphans: 1,
    partial: 0,
  });
  expect(await getStorage().exists("contact_uploads", orphan.name)).toBe(false);
  expect(await getStorage().exists("contact_uploads", referenced.name)).toBe(true);
  // s3rver cannot list multipart uploads (NotImplemented): nothing to sweep, and no failure.
  expect(await sweepPartialWrites({ minAgeMs: MIN_AGE_MS, now: later })).toBe(0);
});

test("attachment retention deletes an expired enquiry's file from the bucket", async () => {
  const now = new Date();
  const expired = await getStorage().put("contact_uploads", "plans.pdf", PDF);
  const kept = await getStorage().put("contact_uploads", "plans.pdf", PDF);
  const old = await enquiryWith(expired.path, { status: "Won", closedAt: subtractMonths(now, 30) });
  const open = await enquiryWith(kept.path, { status: "New" });

  expect(await deleteExpiredAttachments({ now })).toMatchObject({ deleted: 1, failed: 0 });

  const [row] = await database.current.db.select().from(contactQueries).where(eq(contactQueries.id, old.id));
  expect(row?.fileUrl).toBeNull();
  const stored = parseStoredPath(expired.path);
  expect(stored && (await getStorage().exists(stored.bucket, stored.name))).toBe(false);
  expect(await getStorage().exists("contact_uploads", kept.name)).toBe(true);
  expect(open.fileUrl).toBe(kept.path);
});

test("STORAGE_URL chooses the bucket, its driver loaded on first use; without it the disk", async () => {
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
  try {
    const storage = createStorage({
      STORAGE_URL: s3.location({ prefix: "chosen/" }),
      dataDir: "/nonexistent",
    });
    await storage.check();
    const stored = await storage.put("media", "sign.png", PDF);
    expect(storage.publicUrl("media", stored.name)).toBe(`/files/media/${stored.name}`);
    expect(() => storage.publicUrl("contact_uploads", stored.name)).toThrow(/private/);
    const listed: string[] = [];
    for await (const file of storage.list("media")) listed.push(file.name);
    expect(listed).toEqual([stored.name]);
    // The same bytes, read through the driver the test server's own client sees.
    expect(await s3.storage({ prefix: "chosen/" }).exists("media", stored.name)).toBe(true);
  } finally {
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  }
  const disk = createStorage({ dataDir: database.current.storageRoot });
  await expect(disk.exists("media", "1700000000000-0123456789abcdef.png")).resolves.toBe(false);
});
