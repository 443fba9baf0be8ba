// A catalogue import with 500 pictures of 1 to 3 MB in its ZIP (photo-like JPEGs from 2200x1650
// to 3800x2850, about 950 MB in all), run by the import's own worker in this process (resting
// between steps as the import's thread does) on a fresh database: the apply's time (products
// created, each showing its cleaned original) and this process's RSS growth during it, then the
// time the background image run takes to make every picture's sizes (WebP, AVIF, social card).
// Prints JSON.
// Targets: the apply ≤ 3 min, RSS growth ≤ 250 MB.
//
//   npm run bench:pictures [-- pictures]     (BENCH_DATABASE_URL: PostgreSQL; the allocator settings
//   the service runs with, deploy/systemd, are set by the script)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const count = Number(process.argv[2] ?? 500);
const sizesToo = process.env.BENCH_PICTURE_SIZES !== "0";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-pictures-bench-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";
process.env.BETTER_AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-00";

const { openDatabase } = await import("~/server/db/client.server");
const { setDatabase } = await import("~/server/db/db.server");
const { createLocalStorage, setStorage, getStorage } = await import("~/server/storage/storage.server");
const { runCommand } = await import("~/server/commands/runner.server");
const { staffActorOf } = await import("../tests/support/users");
const users = await import("~/modules/users/commands.server");
const { systemActor } = await import("~/server/commands/actor");
const commands = await import("~/modules/catalog-import/commands.server");
const { runImportJobs, WRITE_REST_SHARE } = await import("~/modules/catalog-import/jobs.server");
const { getImport } = await import("~/modules/catalog-import/queries.server");
const { backfillImages } = await import("~/server/images/backfill.server");

const pgUrl = process.env.BENCH_DATABASE_URL;
let dropDatabase = async () => {};
let handle: Awaited<ReturnType<typeof openDatabase>>;
if (pgUrl) {
  const pg = (await import("pg")).default;
  const name = `tc_bench_pictures_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl.replace(/^postgresql:\/\/\//, "postgresql://localhost/"));
  url.pathname = `/${name}`;
  const dbUrl = pgUrl.startsWith("postgresql:///")
    ? url.toString().replace("//localhost/", "///")
    : url.toString();
  handle = await openDatabase({ kind: "postgres", url: dbUrl, poolMax: 5 });
  dropDatabase = async () => {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  };
} else {
  handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db"), sharedBuffersMb: 32 });
}
await handle.migrate();
setDatabase(handle);
setStorage(createLocalStorage(path.join(dataDir, "uploads")));

const user = await runCommand(users.createUser, systemActor("bench"), {
  email: "bench@example.nz",
  name: "Bench Admin",
  role: "admin",
  password: "correct horse battery staple",
});
const admin = await staffActorOf(user.id);

// ---------------------------------------------------------------- the pictures and their ZIP
const work = path.join(dataDir, "work");
const photos = path.join(work, "photos");
fs.mkdirSync(photos, { recursive: true });

/** A photo-like JPEG: blurred noise compresses about as a phone's photo does. */
async function basePhoto(width: number) {
  const height = Math.round((width * 3) / 4);
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** The same JPEG with a comment after its first marker: other bytes (another picture to the import), as costly to decode. */
function withComment(jpeg: Buffer, text: string) {
  const body = Buffer.from(text);
  const segment = Buffer.alloc(4 + body.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  body.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

const made = performance.now();
const bases = await Promise.all([2200, 2600, 3000, 3400, 3800].map(basePhoto));
let zipBytes = 0;
for (let i = 0; i < count; i++) {
  const picture = withComment(bases[i % bases.length] as Buffer, `picture ${i}`);
  zipBytes += picture.length;
  fs.writeFileSync(path.join(photos, `photo-${i}.jpg`), picture);
}
const zipFile = path.join(work, "pictures.zip");
// Stored, not deflated: JPEGs do not shrink, as a trader's own zip tool finds.
execFileSync("python3", [
  "-c",
  `import os,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_STORED)\nfor n in sorted(os.listdir(sys.argv[2])): z.write(os.path.join(sys.argv[2],n),"photos/"+n)\nz.close()`,
  zipFile,
  photos,
]);
fs.rmSync(photos, { recursive: true, force: true });
const sizes = bases.map((b) => `${(b.length / 1024 / 1024).toFixed(1)} MB`);
console.error(
  `made ${count} pictures (${sizes.join(", ")}) in ${((performance.now() - made) / 1000).toFixed(0)} s`,
);

const lines = ["Stock code,Name,Price,Picture"];
for (let i = 0; i < count; i++) lines.push(`PH-${i},Photographed product ${i},${10 + i},photo-${i}.jpg`);
const csv = Buffer.from(lines.join("\r\n"));

// ---------------------------------------------------------------- the import
const storage = getStorage();
const sheet = await storage.put("imports", "pictures.csv", csv);
const zip = await storage.put("imports", "pictures.zip", fs.createReadStream(zipFile));
const { id } = await runCommand(commands.createImport, admin, {
  filePath: sheet.path,
  fileName: "pictures.csv",
  fileBytes: csv.length,
  sheetName: null,
  pictures: { path: zip.path, name: "pictures.zip", bytes: fs.statSync(zipFile).size, localFile: zipFile },
});
const record = await getImport(id);
// Resting between writing steps as the import's own thread does on this engine.
const run = () =>
  runImportJobs({ worker: "bench", stopping: () => false, restShare: WRITE_REST_SHARE[handle.kind] });
let started = performance.now();
await runCommand(commands.startDryRun, admin, {
  id,
  fileName: record.fileName,
  fields: record.columns.map((column) => column.field),
  mode: "create_update",
  createMissing: false,
  stopAtFirstProblem: false,
});
await run();
const planned = await getImport(id);
const dryRunSeconds = (performance.now() - started) / 1000;

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
started = performance.now();
await runCommand(commands.requestApply, admin, { id, fileName: record.fileName });
await run();
const applySeconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const applied = await getImport(id);

let sizesSeconds: number | null = null;
if (sizesToo) {
  started = performance.now();
  await backfillImages();
  sizesSeconds = (performance.now() - started) / 1000;
}

const MB = 1024 * 1024;
console.log(
  JSON.stringify(
    {
      engine: pgUrl ? "postgres" : "pglite",
      cpus: os.cpus().length,
      pictures: count,
      zipMB: Number((zipBytes / MB).toFixed(0)),
      dryRunSeconds: Number(dryRunSeconds.toFixed(1)),
      planned: { create: planned.toCreate, refused: planned.refused },
      applySeconds: Number(applySeconds.toFixed(1)),
      applied: { status: applied.status, created: applied.created, refused: applied.refusedOnApply },
      rssGrowthMB: Number(((rssPeak - rssBefore) / MB).toFixed(0)),
      targets: {
        apply: `${applySeconds <= 180 ? "✓" : "✗"} ≤ 180 s`,
        rss: `${rssPeak - rssBefore <= 250 * MB ? "✓" : "✗"} ≤ 250 MB`,
      },
      backgroundSizesSeconds: sizesSeconds === null ? null : Number(sizesSeconds.toFixed(0)),
    },
    null,
    2,
  ),
);
await handle.close();
await dropDatabase();
fs.rmSync(dataDir, { recursive: true, force: true });
