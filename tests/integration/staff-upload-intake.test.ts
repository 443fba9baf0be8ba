// A back-office form's picture through the one intake: it waits in quarantine while the form is
// judged, so a refused form (the schema, a file that is no image or too large, a delete posted
// with a file) never writes to storage; a taken one is stored once and processed into its sizes
// by the runner before the command's transaction opens, and removed again, sizes and row with
// it, when the command does not commit.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, test } from "vitest";
import { caseStudyEntity } from "~/modules/case-studies/entity";
import { action } from "~/routes/admin/case-studies";
import { systemActor } from "~/server/commands/actor";
import { defineCommand, runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { caseStudies, imageAssets } from "~/server/db/schema";
import { bodyLimitsFor, readBody } from "~/server/http/form-body.server";
import { IMAGE_UPLOAD_ERRORS, imageRule } from "~/server/http/image-upload.server";
import { keepFile } from "~/server/http/keep-file.server";
import { openQuarantine, quarantineRoot } from "~/server/http/quarantine.server";
import {
  createLocalStorage,
  getStorage,
  parseStoredPath,
  type Storage,
  setStorage,
} from "~/server/storage/storage.server";
import { errorOf, fieldErrorsOf, postAction } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const PATH = "/admin/case-studies";

let puts: string[] = [];
let site = 0;

beforeEach(async () => {
  await database.current.db.delete(imageAssets);
  await database.current.db.delete(caseStudies);
  site += 1;
  puts = [];
  const storage = createLocalStorage(path.join(database.current.storageRoot, `site-${site}`));
  setStorage({
    ...storage,
    put(bucket, originalName, body, options) {
      puts.push(bucket);
      return storage.put(bucket, originalName, body, options);
    },
  } satisfies Storage);
});

async function photo(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: "#7a9cc6" } })
    .jpeg()
    .toBuffer();
}

async function caseStudyForm(fields: Record<string, string>, image: Buffer | null, name = "site.jpg") {
  const body = new FormData();
  for (const [key, value] of Object.entries({ intent: "create", title: "", imageUrl: "", ...fields }))
    body.append(key, value);
  if (image) body.append("imageFile", new File([new Uint8Array(image)], name, { type: "image/jpeg" }));
  return body;
}

async function mediaFiles() {
  const names: string[] = [];
  for await (const file of getStorage().list("media")) names.push(file.name);
  return names;
}

function quarantined() {
  const root = quarantineRoot();
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
}

async function assetRows() {
  return database.current.db.select().from(imageAssets);
}

async function expectNothingKept() {
  expect(puts, "writes to storage").toEqual([]);
  expect(await mediaFiles()).toEqual([]);
  expect(await assetRows()).toEqual([]);
  expect(quarantined()).toEqual([]);
}

test("a form its schema refuses keeps no picture: 400, storage never written", async () => {
  const result = await postAction(action, PATH, await caseStudyForm({ title: "" }, await photo()));
  expect(result.status).toBe(400);
  expect(fieldErrorsOf(result).title).toBeTruthy();
  await expectNothingKept();
});

test("a file that is no picture, or one over 5 MB, is refused with the upload's message and kept nowhere", async () => {
  const corrupt = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from("not a picture at all ".repeat(50)),
  ]);
  const huge = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
  for (const [bytes, error] of [
    [corrupt, IMAGE_UPLOAD_ERRORS.notImage],
    [huge, IMAGE_UPLOAD_ERRORS.tooLarge],
  ] as const) {
    const result = await postAction(action, PATH, await caseStudyForm({ title: "Deck" }, bytes));
    expect(result.status, error.description).toBe(400);
    expect(errorOf(result), error.description).toEqual(error);
    expect(fieldErrorsOf(result).imageUrl, error.description).toEqual([error.description]);
    await expectNothingKept();
  }
});

test("a picture posted with a delete is not kept", async () => {
  const [row] = await database.current.db.insert(caseStudies).values({ title: "Old deck" }).returning();
  const body = await caseStudyForm({ intent: "delete", id: row?.id ?? "" }, await photo());
  const result = await postAction(action, PATH, body);
  expect(result.status).toBe(302);
  await expectNothingKept();
});

test("a taken picture is stored once, with its sizes and row, and the record names its address", async () => {
  const result = await postAction(
    action,
    PATH,
    await caseStudyForm({ title: "With a photo" }, await photo()),
  );
  expect(result.status).toBe(302);
  const [row] = await database.current.db
    .select()
    .from(caseStudies)
    .where(eq(caseStudies.title, "With a photo"));
  const stored = parseStoredPath(row?.imageUrl);
  expect(stored?.bucket).toBe("media");
  const [asset, ...others] = await assetRows();
  expect(others).toEqual([]);
  expect(asset?.url).toBe(row?.imageUrl);
  // The original once, then each size and the social card (and AVIF sizes that did not pay).
  expect(puts.length).toBeGreaterThanOrEqual(1 + (asset?.variants.length ?? 0) + 1);
  expect((await mediaFiles()).sort()).toEqual(
    [row?.imageUrl, asset?.socialUrl, ...(asset?.variants ?? []).map((v) => v.url)]
      .map((url) => parseStoredPath(url)?.name)
      .sort(),
  );
  expect(quarantined()).toEqual([]);
});

test("when the database refuses the record, the stored picture, its sizes and its row are removed", async () => {
  const db = database.current.db;
  await db.execute(sql`alter table case_studies add constraint test_refuse check (title <> 'Refused deck')`);
  try {
    const result = await postAction(
      action,
      PATH,
      await caseStudyForm({ title: "Refused deck" }, await photo()),
    );
    expect(result.status).toBe(500);
    expect(puts.length).toBeGreaterThan(0);
    expect(await mediaFiles()).toEqual([]);
    expect(await assetRows()).toEqual([]);
    expect(quarantined()).toEqual([]);
    expect(await db.select().from(caseStudies).where(eq(caseStudies.title, "Refused deck"))).toEqual([]);
  } finally {
    await db.execute(sql`alter table case_studies drop constraint test_refuse`);
  }
});

test("the runner stores and processes a command's picture before its work runs, and removes it if the work fails", async () => {
  const form = new FormData();
  form.append("imageFile", new File([new Uint8Array(await photo(1400, 900))], "site.jpg"));
  const request = new Request("http://localhost/admin/anything", { method: "POST", body: form });
  const quarantine = openQuarantine();
  try {
    const body = await readBody(request, {
      files: [imageRule()],
      limits: bodyLimitsFor(request),
      quarantine,
    });
    const held = body.files.get("imageFile");
    if (!held?.url) throw new Error("the picture was refused");
    const url = held.url;
    // What the work finds when it runs: inside the transaction, everything is there already.
    const seen: { stored: boolean; sizes: number }[] = [];
    const probe = defineCommand({
      name: "test.probe",
      entity: caseStudyEntity,
      access: "admin",
      target: () => ({ action: "create" as const, id: null }),
      run: async (input: { fail: boolean }) => {
        const [asset] = await getDb().select().from(imageAssets).where(eq(imageAssets.url, url));
        seen.push({
          stored: await getStorage().exists("media", held.name),
          sizes: asset?.variants.length ?? 0,
        });
        if (input.fail) throw new Error("the work failed");
        const [row] = await getDb().insert(caseStudies).values({ title: "Probe", imageUrl: url }).returning();
        return row;
      },
    });
    await expect(
      runCommand(probe, systemActor("test"), { fail: true }, { files: [keepFile(held)] }),
    ).rejects.toThrow("the work failed");
    expect(seen[0]?.stored).toBe(true);
    expect(seen[0]?.sizes).toBeGreaterThan(0);
    expect(await mediaFiles()).toEqual([]);
    expect(await assetRows()).toEqual([]);

    await runCommand(probe, systemActor("test"), { fail: false }, { files: [keepFile(held)] });
    expect(seen[1]).toMatchObject({ stored: true });
    expect(await getStorage().exists("media", held.name)).toBe(true);
  } finally {
    await quarantine.release();
  }
  expect(quarantined()).toEqual([]);
});
