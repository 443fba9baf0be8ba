// How long a catalogue import of a 10,000-row CSV takes on embedded PGlite: the dry run, then the
// apply, each with the worker the server runs. Prints the times.
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

const lines = ["Stock code,Name,Price,Discount (%),Category,Brand,Stock,Published,Long description"];
for (let i = 1; i <= rows; i++)
  lines.push(
    `TC-${String(i).padStart(6, "0")},Product number ${i},${(i % 500) + 0.5},${i % 30},Category ${i % 40},Brand ${i % 25},${i % 1000},Yes,"A description of product ${i}, long enough to be a real one."`,
  );
const csv = Buffer.from(lines.join("\r\n"));
const stored = await getStorage().put("imports", "bench.csv", csv);
const { id } = await runCommand(commands.createImport, admin, {
  filePath: stored.path,
  fileName: "bench.csv",
  fileBytes: csv.length,
  sheetName: null,
});
const record = await getImport(id);
const run = () => runImportJobs({ worker: "bench", stopping: () => false });

let started = performance.now();
await runCommand(commands.startDryRun, admin, {
  id,
  fileName: record.fileName,
  fields: record.columns.map((column) => column.field),
  mode: "create_update",
  createMissing: true,
  stopAtFirstProblem: false,
});
await run();
const planned = await getImport(id);
const dryRunMs = performance.now() - started;

started = performance.now();
await runCommand(commands.requestApply, admin, { id, fileName: record.fileName });
await run();
const applied = await getImport(id);
const applyMs = performance.now() - started;

console.log(
  JSON.stringify(
    {
      rows,
      fileBytes: csv.length,
      dryRunSeconds: Number((dryRunMs / 1000).toFixed(1)),
      planned: { create: planned.toCreate, update: planned.toUpdate, refused: planned.refused },
      applySeconds: Number((applyMs / 1000).toFixed(1)),
      applied: { status: applied.status, created: applied.created, refused: applied.refusedOnApply },
      rowsPerSecondApplied: Math.round(applied.created / (applyMs / 1000)),
    },
    null,
    2,
  ),
);
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
