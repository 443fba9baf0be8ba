// An import's picture column as the admin meets it: file names found in the ZIP of pictures sent
// with the sheet, web addresses fetched from a loopback server, each one stored and processed
// when the import is applied; a name not in the ZIP (or with no ZIP at all) refused by the dry
// run, a page named .jpg refused by the apply while the other rows go in; a file that is no ZIP
// refused at the upload; the pictures' sizes made in the background once the apply has ended; the
// ZIP removed from storage once the import is applied; the same file imported again changes nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { getImport } from "~/modules/catalog-import/queries.server";
import type { Actor } from "~/server/commands/actor";
import { catalogImportRows, catalogImports, imageAssets, products } from "~/server/db/schema";
import { imageBackfillState, startImageBackfill } from "~/server/images/backfill.server";
import { parseStoredPath } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";
import { applyImport, csvOf, dryRun, planRows, uploadSheet } from "../support/imports";
import { type PictureServer, startPictureServer } from "../support/picture-server";
import { createUser, staffActorOf } from "../support/users";
import { buildZip } from "../support/zip";

// The loopback test server is on this machine. Set before any import reads the settings.
vi.hoisted(() => {
  process.env.IMPORT_FETCH_ALLOW_PRIVATE = "true";
});

const database = useTestDatabase();
const db = () => database.current.db;
const SLOW = { timeout: 180_000 };

let admin: Actor;
let server: PictureServer;
let work: string;
let zip: Buffer;

function solid(colour: string, format: "jpeg" | "png" = "jpeg") {
  const image = sharp({ create: { width: 320, height: 240, channels: 3, background: colour } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

beforeAll(async () => {
  const user = await createUser({
    email: "pita@example.nz",
    name: "Pita Admin",
    role: "admin",
    password: "correct horse battery staple",
  });
  admin = await staffActorOf(user.id);
  server = await startPictureServer(await solid("#1d4ed8"));
  work = fs.mkdtempSync(path.join(os.tmpdir(), "tc-import-zip-"));
  zip = fs.readFileSync(
    buildZip(path.join(work, "photos.zip"), [
      { name: "Decking/deck.jpg", bytes: await solid("#8a5a2b") },
      { name: "Roofing/Iron.PNG", bytes: await solid("#64748b", "png") },
    ]),
  );
});

afterAll(async () => {
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

beforeEach(async () => {
  await db().delete(catalogImports);
  await db().delete(products);
});

const HEADERS = ["Stock code", "Name", "Price", "Picture"];

function sheet() {
  return csvOf(HEADERS, [
    ["PIC-1", "Kwila decking 90x19", 12.5, "deck.jpg"],
    ["PIC-2", "Corrugated iron 0.40", 30, "roofing/iron.png"],
    ["PIC-3", "Gate hinge", 8, "hinge.jpg"],
    ["PIC-4", "Fence paling", 3.2, `${server.origin}/good.jpg`],
    ["PIC-5", "Post cap", 4, `${server.origin}/page.jpg`],
  ]);
}

function storedFile(url: string) {
  const stored = parseStoredPath(url);
  if (!stored) throw new Error(`not a stored file: ${url}`);
  return path.join(database.current.storageRoot, stored.bucket, stored.name);
}

async function productsBySku() {
  const rows = await db().select().from(products).orderBy(asc(products.sku));
  return new Map(rows.map((row) => [row.sku, row]));
}

test(
  "pictures from the ZIP and from addresses are stored and processed; a missing file and a page named .jpg are refused in words",
  SLOW,
  async () => {
    const id = await uploadSheet(admin, sheet(), "pictures.csv", null, zip);
    const [stored] = await db().select().from(catalogImports).where(eq(catalogImports.id, id));
    expect(stored).toMatchObject({ picturesName: "pictures.zip", picturesBytes: zip.length });
    const zipPath = stored?.picturesPath as string;
    expect(zipPath).toMatch(/^imports\//);

    const planned = await dryRun(admin, id);
    expect(planned).toMatchObject({ status: "planned", toCreate: 4, refused: 1 });
    const rows = await planRows(id);
    expect(rows.find((row) => row.rowNumber === 4)?.problems).toEqual([
      { column: "Picture", message: 'The picture "hinge.jpg" is not in the ZIP of pictures.' },
    ]);
    // The dry run stores no picture.
    expect(await db().select().from(imageAssets)).toEqual([]);

    // The background run that makes the pictures' sizes, as the server runs it.
    // Its first look (a few seconds after start) finds nothing to do: what follows is its run
    // asked for by the apply.
    const stopBackfill = startImageBackfill();
    await expect.poll(imageBackfillState, { timeout: 60_000, interval: 100 }).toBe("done");
    const applied = await applyImport(admin, id);
    expect(applied).toMatchObject({ status: "applied", created: 3, refusedOnApply: 1 });
    const [refused] = await db()
      .select({ problem: catalogImportRows.applyProblem })
      .from(catalogImportRows)
      .where(eq(catalogImportRows.rowNumber, 6));
    expect(refused?.problem).toBe(`The picture at ${server.origin}/page.jpg is not a picture (it is HTML).`);

    const made = await productsBySku();
    expect([...made.keys()]).toEqual(["PIC-1", "PIC-2", "PIC-4"]);
    for (const sku of ["PIC-1", "PIC-2", "PIC-4"]) {
      const url = made.get(sku)?.imageUrl as string;
      expect(url, sku).toMatch(/^\/files\/media\/[0-9]{13}-[0-9a-f]{16}\.(jpg|png)$/);
      expect(fs.existsSync(storedFile(url)), sku).toBe(true);
      const [asset] = await db().select().from(imageAssets).where(eq(imageAssets.url, url));
      expect(asset?.contentHash, sku).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(made.get("PIC-2")?.imageUrl).toMatch(/\.png$/);

    // Their sizes are made in the background once the apply has ended.
    try {
      await expect
        .poll(
          async () =>
            (await db().select().from(imageAssets)).filter((asset) =>
              asset.variants.some((variant) => variant.format === "webp"),
            ).length,
          { timeout: 120_000, interval: 200 },
        )
        .toBe(3);
    } finally {
      await stopBackfill();
    }

    // The ZIP is no longer kept once the import is applied.
    expect((await getImport(id)).status).toBe("applied");
    expect(fs.existsSync(path.join(database.current.storageRoot, zipPath))).toBe(false);

    // The same sheet and ZIP again: nothing to change, nothing fetched or processed again.
    const assetsBefore = await db().select().from(imageAssets);
    const again = await uploadSheet(admin, sheet(), "pictures.csv", null, zip);
    expect(await dryRun(admin, again)).toMatchObject({ toCreate: 1, toUpdate: 0, unchanged: 3 });
    expect(await db().select().from(imageAssets)).toHaveLength(assetsBefore.length);
  },
);

test(
  "a sheet that names picture files with no ZIP beside it has those rows refused by the dry run",
  SLOW,
  async () => {
    const id = await uploadSheet(admin, csvOf(HEADERS, [["PIC-9", "Bolt", 1, "bolt.jpg"]]), "no-zip.csv");
    expect(await dryRun(admin, id)).toMatchObject({ toCreate: 0, refused: 1 });
    expect((await planRows(id))[0]?.problems).toEqual([
      {
        column: "Picture",
        message: 'The picture "bolt.jpg" names a file, but no ZIP of pictures was uploaded with the sheet.',
      },
    ]);
  },
);

test("a file sent as the ZIP of pictures that is no ZIP is refused at the upload, and no import is made", async () => {
  await expect(
    uploadSheet(admin, sheet(), "pictures.csv", null, Buffer.from("these are not pictures")),
  ).rejects.toMatchObject({
    message: "The ZIP of pictures could not be read: it is not a ZIP archive, or it is damaged.",
    field: "pictures",
  });
  expect(await db().select().from(catalogImports)).toEqual([]);
});
