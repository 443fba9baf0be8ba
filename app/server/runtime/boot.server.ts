// Start-up: check the file storage, connect, migrate, make sure there is an admin (the step the caller gives: accounts
// are a domain module's business), seed the demo into an empty database. Says where the
// database and the files are, and the address visitors (and the first admin) use. Processes starting
// together on one PostgreSQL database take turns (ADR 022): one migrates while the others wait
// (the migration's own lock), then one creates the first admin and seeds while the others wait,
// and they find both done.

import { connectDatabase } from "~/server/db/db.server";
import { runInTurn } from "~/server/db/exclusive-runs.server";
import { getEnv, publicBaseUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { seedDemoContent } from "~/server/seed/seed.server";
import { describeStorage, getStorage } from "~/server/storage/storage.server";

type BootResult<Admin> = {
  database: "pglite" | "postgres";
  admin: Admin;
  seeded: boolean;
  /** Where files go, in words: "the bucket s3://…" or "the disk, in /…/uploads". */
  files: string;
  /** PUBLIC_URL, else this server on localhost; no trailing slash. */
  publicUrl: string;
  publicUrlSet: boolean;
};

export async function boot<Admin>(
  ensureFirstAdmin: (options: { email?: string; password?: string; dataDir: string }) => Promise<Admin>,
): Promise<BootResult<Admin>> {
  const env = getEnv();
  const started = Date.now();
  // A wrong credential or a missing bucket stops the start here, not as a 500 on the first upload.
  await getStorage().check();
  // A serving process: the embedded database in a thread of its own, beside the pages.
  const handle = await connectDatabase({ thread: true });
  await handle.migrate();
  const { admin, seeded } = await runInTurn("first-start", async () => {
    const admin = await ensureFirstAdmin({
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      dataDir: env.dataDir,
    });
    const seeded = env.SEED_DEMO ? (await seedDemoContent(handle.db, getStorage())).seeded : false;
    return { admin, seeded };
  });
  const files = describeStorage(env);
  logger.info({ database: handle.kind, files, seeded, ms: Date.now() - started }, "database ready");
  return {
    database: handle.kind,
    admin,
    seeded,
    files,
    publicUrl: publicBaseUrl(),
    publicUrlSet: env.PUBLIC_URL !== undefined,
  };
}
