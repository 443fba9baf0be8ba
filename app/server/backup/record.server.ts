// When the last good backup was made, kept in the database the backup is of (periodic_runs, under
// the task "backup"), so that every server of the site can say it, whichever machine ran the
// backup. Written by db:backup once its file is complete; read by the admin dashboard.
import { eq, sql } from "drizzle-orm";
import { type DbOrTx, openDatabase } from "../db/client.server";
import { periodicRuns } from "../db/schema";

export const BACKUP_RUN_TASK = "backup";

/** A backup older than this is overdue: a day, and an hour's grace for the nightly run's timing. */
const BACKUP_OVERDUE_MS = 25 * 60 * 60 * 1000;

/** Records `at` (the backup's start) as the last good backup's time, unless a later one is recorded. */
export async function recordBackupTime(db: DbOrTx, at: Date) {
  await db.execute(sql`
    insert into periodic_runs (task, last_run_at) values (${BACKUP_RUN_TASK}, ${at.toISOString()})
    on conflict (task) do update set last_run_at = excluded.last_run_at
      where periodic_runs.last_run_at < excluded.last_run_at`);
}

/** recordBackupTime in the database a backup was made of (db:backup, once its file is complete). */
export async function recordGoodBackup(options: { dataDir: string; databaseUrl?: string; at: Date }) {
  const handle = await openDatabase(
    options.databaseUrl
      ? { kind: "postgres", url: options.databaseUrl, poolMax: 1 }
      : { kind: "pglite", dataDir: options.dataDir },
  );
  try {
    await recordBackupTime(handle.db, options.at);
  } finally {
    await handle.close();
  }
}

export type BackupState = {
  /** When the last good backup was made, or null when none is recorded. */
  lastAt: Date | null;
  overdue: boolean;
};

export async function readBackupState(db: DbOrTx, now = new Date()): Promise<BackupState> {
  const [row] = await db
    .select({ at: periodicRuns.lastRunAt })
    .from(periodicRuns)
    .where(eq(periodicRuns.task, BACKUP_RUN_TASK));
  const lastAt = row?.at ?? null;
  return { lastAt, overdue: !lastAt || now.getTime() - lastAt.getTime() > BACKUP_OVERDUE_MS };
}
