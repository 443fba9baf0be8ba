// An import's pictures: a file name found in the ZIP of pictures (by name or path, in any case),
// or an address fetched within limits; each one cleaned, stored in the media bucket and
// processed into its sizes like one chosen in the product dialog; one already shown by a product
// (the same bytes) used where it is; the ZIP's bombs and escaping names harmless; every refusal
// said in words that name the picture as the sheet does.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import {
  discardPicture,
  type PreparedPicture,
  preparePicture,
} from "~/modules/catalog-import/commands.server";
import { openPictureSource, type PictureSource } from "~/modules/catalog-import/pictures/source.server";
import { imageAssets, products } from "~/server/db/schema";
import { quarantineRoot } from "~/server/http/quarantine.server";
import { backfillImages } from "~/server/images/backfill.server";
import { parseStoredPath } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";
import { type PictureServer, startPictureServer } from "../support/picture-server";
import { buildZip } from "../support/zip";

// The loopback test server is on this machine; metadata and "any" addresses stay refused. Set
// before any import reads the settings.
vi.hoisted(() => {
  process.env.IMPORT_FETCH_ALLOW_PRIVATE = "true";
});

const database = useTestDatabase();
const SLOW = { timeout: 120_000 };
const MB = 1024 * 1024;

let server: PictureServer;
let work: string;
const pictures: Record<"deck" | "iron" | "gate" | "fence" | "web", Buffer> = {} as never;

function solid(colour: string, format: "jpeg" | "png" = "jpeg") {
  const image = sharp({ create: { width: 400, height: 300, channels: 3, background: colour } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

function sha256(bytes: Uint8Array) {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

beforeAll(async () => {
  pictures.deck = await solid("#8a5a2b");
  pictures.iron = await solid("#64748b", "png");
  pictures.gate = await solid("#166534");
  pictures.fence = await solid("#7c2d12");
  pictures.web = await solid("#1d4ed8");
  server = await startPictureServer(pictures.web);
  work = fs.mkdtempSync(path.join(process.env.DATA_DIR as string, "import-test-"));
});

afterAll(async () => {
  await server.close();
});

function zipOf(name: string, ...items: Parameters<typeof buildZip>[1]) {
  return buildZip(path.join(work, name), items);
}

async function withSource<T>(
  options: Parameters<typeof openPictureSource>[0],
  use: (s: PictureSource) => Promise<T>,
) {
  const source = await openPictureSource(options);
  try {
    return await use(source);
  } finally {
    await source.close();
  }
}

function prepared(result: Awaited<ReturnType<typeof preparePicture>>): PreparedPicture {
  if ("refused" in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

function storedFile(url: string) {
  const stored = parseStoredPath(url);
  if (!stored) throw new Error(`not a stored file: ${url}`);
  return path.join(database.current.storageRoot, stored.bucket, stored.name);
}

async function rowsWithHash(hash: string) {
  return database.current.db.select().from(imageAssets).where(eq(imageAssets.contentHash, hash));
}

/** Every file under `dir`, by name. */
/** Every name under a folder; other tests' folders that vanish mid-walk are skipped, not errors. */
function namesUnder(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? [entry.name, ...namesUnder(path.join(dir, entry.name))] : [entry.name],
  );
}

test(
  "a picture in the ZIP is found by its name alone or by its path, in any case, and the same picture twice is processed once",
  SLOW,
  async () => {
    const zipFile = zipOf(
      "catalogue.zip",
      { name: "photos/deck.jpg", bytes: pictures.deck },
      { name: "Roofing/Iron.PNG", bytes: pictures.iron },
    );
    await withSource({ zipFile }, async (source) => {
      const deck = prepared(await preparePicture("deck.jpg", source));
      expect(deck).toMatchObject({ hash: sha256(pictures.deck), reused: false });
      expect(deck.url).toMatch(/^\/files\/media\/[0-9]{13}-[0-9a-f]{16}\.jpg$/);
      expect(fs.existsSync(storedFile(deck.url))).toBe(true);
      // Recorded with its size and hash; its sizes are made afterwards by the background run.
      const [row] = await rowsWithHash(deck.hash);
      expect(row).toMatchObject({ url: deck.url, width: 400, height: 300, variants: [], socialUrl: null });
      await database.current.db.insert(products).values({ name: "Deck", imageUrl: deck.url });
      expect(await backfillImages()).toEqual({ processed: 1, refused: 0 });
      const [made] = await rowsWithHash(deck.hash);
      expect(made?.variants.map((variant) => variant.format)).toContain("webp");
      expect(made?.socialUrl).toMatch(/^\/files\/media\//);

      const again = prepared(await preparePicture("PHOTOS/Deck.JPG", source));
      expect(again).toEqual({ url: deck.url, hash: deck.hash, reused: true });
      expect(await rowsWithHash(deck.hash)).toHaveLength(1);

      const iron = prepared(await preparePicture("  roofing/iron.png ", source));
      expect(iron.url).toMatch(/\.png$/);
      expect(iron.reused).toBe(false);
    });
  },
);

test(
  "a name two files in the ZIP answer to is refused, with their paths; its folder picks one",
  SLOW,
  async () => {
    const zipFile = zipOf(
      "twins.zip",
      { name: "gates/post.jpg", bytes: pictures.gate },
      { name: "fences/post.jpg", bytes: pictures.fence },
    );
    await withSource({ zipFile }, async (source) => {
      expect(await preparePicture("post.jpg", source)).toEqual({
        refused:
          'The picture "post.jpg" matches 2 files in the ZIP of pictures (gates/post.jpg, fences/post.jpg): ' +
          'give its folder too, as in "gates/post.jpg".',
      });
      const fence = prepared(await preparePicture("Fences/Post.jpg", source));
      expect(fence.hash).toBe(sha256(pictures.fence));
    });
  },
);

test("a file in the ZIP that is no picture is refused whatever its name; so are names it does not have", async () => {
  const zipFile = zipOf(
    "mixed.zip",
    { name: "notes/page.jpg", bytes: Buffer.from("<!doctype html><html><body>hello</body></html>") },
    { name: "notes/readme.txt", bytes: Buffer.from("Pictures for the catalogue") },
  );
  await withSource({ zipFile }, async (source) => {
    expect(await preparePicture("page.jpg", source)).toEqual({
      refused: 'The picture "page.jpg" is not a picture (it is HTML).',
    });
    expect(await preparePicture("readme.txt", source)).toEqual({
      refused: 'The picture "readme.txt" is not a picture.',
    });
    expect(await preparePicture("missing.jpg", source)).toEqual({
      refused: 'The picture "missing.jpg" is not in the ZIP of pictures.',
    });
    expect(await preparePicture("ftp://example.com/deck.jpg", source)).toEqual({
      refused:
        'The picture "ftp://example.com/deck.jpg" is neither a file name nor an http or https address.',
    });
  });
  await withSource({ zipFile: null }, async (source) => {
    expect(await preparePicture("deck.jpg", source)).toEqual({
      refused: 'The picture "deck.jpg" names a file, but no ZIP of pictures was uploaded with the sheet.',
    });
  });
});

test("a 60 MB entry that deflates to kilobytes (a zip bomb) is refused by its declared size", async () => {
  const zipFile = zipOf("bomb.zip", {
    name: "bomb.jpg",
    head: pictures.deck.subarray(0, 1024),
    size: 60 * MB,
  });
  expect(fs.statSync(zipFile).size).toBeLessThan(1 * MB);
  await withSource({ zipFile }, async (source) => {
    expect(await preparePicture("bomb.jpg", source)).toEqual({
      refused: 'The picture "bomb.jpg" is larger than 5 MB.',
    });
  });
});

test("an entry that inflates past the size it declares is stopped there and refused as damaged", async () => {
  const zipFile = buildZip(
    path.join(work, "liar.zip"),
    [{ name: "liar.jpg", head: pictures.deck.subarray(0, 1024), size: 20 * MB }],
    { declare: 2000 },
  );
  await withSource({ zipFile }, async (source) => {
    expect(await preparePicture("liar.jpg", source)).toEqual({
      refused: 'The picture "liar.jpg" could not be read from the ZIP of pictures: the archive is damaged.',
    });
  });
});

test(
  "an entry named ../../evil.jpg is read by its name alone and written nowhere it points",
  SLOW,
  async () => {
    const zipFile = zipOf("slip.zip", { name: "../../evil.jpg", bytes: pictures.gate });
    await withSource({ zipFile }, async (source) => {
      const evil = prepared(await preparePicture("evil.jpg", source));
      expect(evil.url).toMatch(/^\/files\/media\/[0-9]{13}-[0-9a-f]{16}\.jpg$/);
      expect(prepared(await preparePicture("../../evil.jpg", source)).url).toBe(evil.url);
    });
    const dataDir = process.env.DATA_DIR as string;
    for (const dir of [work, path.dirname(work), path.dirname(dataDir), database.current.storageRoot])
      expect(
        namesUnder(dir).filter((name) => name === "evil.jpg"),
        dir,
      ).toEqual([]);
  },
);

test("a file that is no ZIP archive is refused when the import's pictures are opened", async () => {
  const notZip = path.join(work, "photos.zip");
  fs.writeFileSync(notZip, "this is not an archive");
  await expect(openPictureSource({ zipFile: notZip })).rejects.toThrow(
    "The ZIP of pictures could not be read: it is not a ZIP archive, or it is damaged.",
  );
});

test("a picture at an address is fetched, stored and processed; a refused one says why", SLOW, async () => {
  const origin = server.origin;
  await withSource({}, async (source) => {
    const web = prepared(await preparePicture(`${origin}/good.jpg`, source));
    expect(web).toMatchObject({ hash: sha256(pictures.web), reused: false });
    expect(fs.existsSync(storedFile(web.url))).toBe(true);
    expect(await rowsWithHash(web.hash)).toHaveLength(1);

    expect(await preparePicture(`${origin}/missing.jpg`, source)).toEqual({
      refused: `The picture at ${origin}/missing.jpg could not be fetched: the server answered 404.`,
    });
    expect(await preparePicture(`${origin}/page.jpg`, source)).toEqual({
      refused: `The picture at ${origin}/page.jpg is not a picture (it is HTML).`,
    });
    expect(await preparePicture(`${origin}/huge.jpg`, source)).toEqual({
      refused: `The picture at ${origin}/huge.jpg is larger than 5 MB.`,
    });
    expect(await preparePicture(`${origin}/to-metadata`, source)).toEqual({
      refused: `The picture at ${origin}/to-metadata points to a private network address.`,
    });
    expect(await preparePicture(`${origin}/loop`, source)).toEqual({
      refused: `The picture at ${origin}/loop could not be fetched: it redirects more than 5 times.`,
    });
  });
  await withSource({ fetchTimeoutMs: 300 }, async (source) => {
    expect(await preparePicture(`${origin}/hang`, source)).toEqual({
      refused: `The picture at ${origin}/hang could not be fetched: it took longer than 0.3 seconds.`,
    });
  });
  // Fetched, refused or cut short, nothing stays in the temporary folder once the source is closed.
  expect(namesUnder(quarantineRoot())).toEqual([]);
});

test(
  "a picture a product already shows is used at its address, not processed again; one no product shows is processed afresh",
  SLOW,
  async () => {
    const zipFile = zipOf(
      "again.zip",
      { name: "deck.jpg", bytes: pictures.deck },
      { name: "fence.jpg", bytes: pictures.fence },
    );
    const first = await withSource({ zipFile }, async (source) => ({
      deck: prepared(await preparePicture("deck.jpg", source)),
      fence: prepared(await preparePicture("fence.jpg", source)),
    }));
    await database.current.db.insert(products).values({ name: "Kwila decking", imageUrl: first.deck.url });

    await withSource({ zipFile }, async (source) => {
      expect(await preparePicture("deck.jpg", source)).toEqual({
        url: first.deck.url,
        hash: first.deck.hash,
        reused: true,
      });
      const fence = prepared(await preparePicture("fence.jpg", source));
      expect(fence.reused).toBe(false);
      expect(fence.url).not.toBe(first.fence.url);
    });
  },
);

test(
  "discardPicture removes a stored picture, its sizes and its row; a reused one is left alone",
  SLOW,
  async () => {
    const zipFile = zipOf("discard.zip", { name: "gate.jpg", bytes: pictures.gate });
    await withSource({ zipFile }, async (source) => {
      const gate = prepared(await preparePicture("gate.jpg", source));
      const again = prepared(await preparePicture("gate.jpg", source));
      expect(again.reused).toBe(true);
      const [row] = await database.current.db.select().from(imageAssets).where(eq(imageAssets.url, gate.url));
      const files = [
        gate.url,
        ...(row?.variants.map((variant) => variant.url) ?? []),
        ...(row?.socialUrl ? [row.socialUrl] : []),
      ].map(storedFile);
      expect(files.every((file) => fs.existsSync(file))).toBe(true);

      await discardPicture(again);
      expect(files.every((file) => fs.existsSync(file))).toBe(true);

      await discardPicture(gate);
      expect(files.filter((file) => fs.existsSync(file))).toEqual([]);
      expect(
        await database.current.db.select().from(imageAssets).where(eq(imageAssets.url, gate.url)),
      ).toEqual([]);

      // Discarded, it is no longer there to reuse: the same bytes are processed again.
      expect(prepared(await preparePicture("gate.jpg", source)).reused).toBe(false);
    });
  },
);
