// What a killed server leaves in contact_uploads (a file stored before its row was inserted, a
// `.part` file of an upload cut short) is swept by housekeeping; what an enquiry refers to, what
// is too young to judge and what storage did not name is left alone.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { contactQueries } from "~/server/db/schema";
import { sweepOrphanedUploads, sweepPartialWrites } from "~/server/runtime/housekeeping.server";
import { createLocalStorage, getStorage } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");
const MIN_AGE_MS = 60_000;

function folder() {
  return path.join(database.current.storageRoot, "contact_uploads");
}

function exists(name: string) {
  return fs.existsSync(path.join(folder(), name));
}

/** Backdates a file as if it had been written `ms` ago. */
function age(name: string, ms: number) {
  const then = new Date(Date.now() - ms);
  fs.utimesSync(path.join(folder(), name), then, then);
}

async function store() {
  return getStorage().put("contact_uploads", "plans.pdf", PDF);
}

async function enquiryFor(fileUrl: string) {
  await database.current.db.insert(contactQueries).values({
    fullName: "Aroha Ngata",
    email: "aroha@example.co.nz",
    subject: "Quote Request",
    message: "Please quote 40 lengths of 90x45 framing.",
    fileUrl,
  });
}

test("old unreferenced uploads and unfinished writes go; referenced and young ones stay", async () => {
  const referenced = await store();
  await enquiryFor(referenced.path);
  age(referenced.name, 60 * 60_000);

  const orphan = await store();
  age(orphan.name, 10 * 60_000);

  const young = await store();

  const partial = `${(await store()).name}.part`;
  fs.renameSync(path.join(folder(), partial.replace(/\.part$/, "")), path.join(folder(), partial));
  age(partial, 10 * 60_000);

  const foreign = "notes.txt";
  fs.writeFileSync(path.join(folder(), foreign), "not a stored name");
  age(foreign, 60 * 60_000);

  const result = await sweepOrphanedUploads({ minAgeMs: MIN_AGE_MS });

  expect(result).toEqual({ orphans: 1, partial: 1 });
  expect(exists(referenced.name)).toBe(true);
  expect(exists(orphan.name)).toBe(false);
  expect(exists(partial)).toBe(false);
  expect(exists(young.name)).toBe(true);
  expect(exists(foreign)).toBe(true);

  // The young one is an orphan too once it is old enough.
  expect(await sweepOrphanedUploads({ minAgeMs: MIN_AGE_MS, now: Date.now() + MIN_AGE_MS })).toEqual({
    orphans: 1,
    partial: 0,
  });
  expect(exists(young.name)).toBe(false);
  expect(exists(referenced.name)).toBe(true);
});

test("a bucket that holds nothing yet is nothing to sweep", async () => {
  const empty = createLocalStorage(path.join(database.current.storageRoot, "missing"));
  const result = await sweepOrphanedUploads({ storage: empty, minAgeMs: 0 });
  expect(result).toEqual({ orphans: 0, partial: 0 });
});

test("unfinished writes are swept in every bucket, public ones too; young ones and foreign names stay", async () => {
  const left: string[] = [];
  for (const bucket of ["contact_uploads", "certificates", "media"] as const) {
    const stored = await getStorage().put(bucket, "file.pdf", PDF);
    const dir = path.join(database.current.storageRoot, bucket);
    const partial = path.join(dir, `${stored.name}.part`);
    fs.renameSync(path.join(dir, stored.name), partial);
    const then = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(partial, then, then);
    left.push(partial);
  }
  const young = path.join(database.current.storageRoot, "media", "1700000000000-0123456789abcdef.jpg.part");
  fs.writeFileSync(young, "still streaming");
  const foreign = path.join(database.current.storageRoot, "certificates", "notes.part");
  fs.writeFileSync(foreign, "not ours");
  fs.utimesSync(foreign, new Date(0), new Date(0));

  const removed = await sweepPartialWrites({ minAgeMs: MIN_AGE_MS });

  expect(removed).toBe(3);
  for (const file of left) expect(fs.existsSync(file), file).toBe(false);
  expect(fs.existsSync(young)).toBe(true);
  expect(fs.existsSync(foreign)).toBe(true);
});
