// The dashboard's backup check (admins only): when the last good backup was made, from the
// record db:backup leaves in the database, and whether it is overdue (more than a day old).
import { type BackupState, readBackupState } from "~/server/backup/record.server";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";

export type { BackupState };

export function getBackupState(db: DbOrTx = getDb(), now = new Date()): Promise<BackupState> {
  return readBackupState(db, now);
}
