// How long a catalogue import of a 10,000-row CSV takes on embedded PGlite: its dry run and its
// apply, with the worker the server runs, three times: new products, every price changed, and the
// same file again (nothing to do). Prints the times.
//
//   npm exec -- tsx bench/catalog-import.ts [rows]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const rows = Number(process.argv[2] ?? 10_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-import-bench-"));
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
const { runImportJobs } = await import("~/modules/catalog-import/jobs.server");
const { getImport } = await import("~/modules/catalog-import/queries.server");

const handle = await openDatabase({ kind: "pglite-memory" });
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

/** The sheet: `rows` products, each price raised by `raise` (a second file updates them all). */
function sheetOf(raise: number) {
  const lines = ["Stock code,Name,Price,Discount (%),Category,Brand,Stock,Published,Long description"];
  for (let i = 1; i <= rows; i++)
    lines.push(
      `TC-${String(i).padStart(6, "0")},Product number ${i},${(i % 500) + 0.5 + raise},${i % 30},Category ${i % 40},Brand ${i % 25},${i % 1000},Yes,"A description of product ${i}, long enough to be a real one."`,
    );
  return Buffer.from(lines.join("\r\n"));
}

const run = () => runImportJobs({ worker: "bench", stopping: () => false });

/** Uploads the sheet, then times its dry run and its apply. */
async function timeImport(name: string, csv: Buffer) {
  const stored = await getStorage().put("imports", name, csv);
  const { id } = await runCommand(commands.createImport, admin, {
    filePath: stored.path,
    fileName: name,
    fileBytes: csv.length,
    sheetName: null,
  });
  const record = await getImport(id);
  let started = performance.now();
  await runCommand(commands.startDryRun, admin, {
    id,
    fileName: name,
    fields: record.columns.map((column) => column.field),
    mode: "create_update",
    createMissing: true,
    stopAtFirstProblem: false,
  });
  await run();
  const planned = await getImport(id);
  const dryRunMs = performance.now() - started;
  started = performance.now();
  await runCommand(commands.requestApply, admin, { id, fileName: name });
  await run();
  const applied = await getImport(id);
  const applyMs = performance.now() - started;
  return {
    file: name,
    dryRunSeconds: Number((dryRunMs / 1000).toFixed(1)),
    planned: { create: planned.toCreate, update: planned.toUpdate, unchanged: planned.unchanged },
    applySeconds: Number((applyMs / 1000).toFixed(1)),
    applied: { status: applied.status, created: applied.created, updated: applied.updated },
  };
}

const results = [
  await timeImport("new-products.csv", sheetOf(0)),
  await timeImport("price-rise.csv", sheetOf(1)),
  await timeImport("price-rise-again.csv", sheetOf(1)),
];
console.log(JSON.stringify({ rows, results }, null, 2));
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
