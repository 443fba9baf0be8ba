// npm run db:seed [-- --reset]: fill an empty database with the demo content.
// --reset first deletes all content and enquiries (never users), and only on the embedded database:
// a shared PostgreSQL database may hold a real trader's data.
import "./env-file-option";
import { databaseOptionsFromEnv } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { clearDemoContent, seedDemoContent } from "~/server/seed/seed.server";
import { getStorage } from "~/server/storage/storage.server";
import { runScript, withDatabase } from "./open-database";

await runScript(async () => {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log(
      "Usage: npm run db:seed [-- --reset]\n  --reset  clear content and reseed (embedded database only)",
    );
    return;
  }
  const unknown = args.filter((a) => a !== "--reset");
  if (unknown.length > 0) throw new Error(`Unknown argument: ${unknown.join(" ")} (try --help)`);
  const reset = args.includes("--reset");

  const env = getEnv();
  const kind = databaseOptionsFromEnv(env).kind;
  if (reset && kind !== "pglite") {
    throw new Error(
      "--reset only runs on the embedded database; unset DATABASE_URL or clear PostgreSQL by hand.",
    );
  }

  await withDatabase(async (handle) => {
    const where = handle.kind === "pglite" ? `embedded database at ${env.dataDir}` : "PostgreSQL";
    const storage = getStorage();
    if (reset) {
      await clearDemoContent(handle.db, storage);
      console.log(`Cleared content, enquiries and their files from the ${where}.`);
    }
    const started = performance.now();
    const { seeded, counts } = await seedDemoContent(handle.db, storage);
    const summary = Object.entries(counts)
      .map(([table, count]) => `${table} ${count}`)
      .join(", ");
    if (seeded) {
      console.log(`Seeded demo content into the ${where} in ${Math.round(performance.now() - started)} ms.`);
      console.log(`Rows: ${summary}.`);
    } else {
      console.log(`The ${where} already has content; nothing seeded (use --reset to start over).`);
      console.log(`Rows: ${summary}.`);
    }
  });
});
