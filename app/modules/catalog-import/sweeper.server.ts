// Imports left half-way: a sheet uploaded (and its ZIP of pictures, up to 1 GB) whose import was
// never applied nor discarded keeps its files in the private bucket. Once nothing has happened to
// it for ABANDONED_AFTER_DAYS it is discarded as an admin would (its files and plan go, its record
// and audit events stay, "Discarded" in the history).
import { and, inArray, lt } from "drizzle-orm";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { catalogImports } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { logger } from "~/server/logger.server";
import { periodic } from "~/server/runtime/housekeeping.server";
import { discardImport } from "./commands.server";

/** Days an import may wait at its mapping or its preview before it is discarded. */
export const ABANDONED_AFTER_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Discards the imports nobody has touched for ABANDONED_AFTER_DAYS; returns how many. */
export async function discardAbandonedImports(now = new Date()) {
  const stale = await getDb()
    .select({ id: catalogImports.id, fileName: catalogImports.fileName })
    .from(catalogImports)
    .where(
      and(
        inArray(catalogImports.status, ["mapping", "planned"]),
        lt(catalogImports.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_DAYS * DAY_MS)),
      ),
    );
  let discarded = 0;
  for (const row of stale) {
    try {
      await runCommand(discardImport, systemActor("import sweep"), row);
      discarded += 1;
    } catch (error) {
      // Started or discarded by an admin meanwhile: theirs to finish.
      if (!(error instanceof InputError)) throw error;
    }
  }
  if (discarded) logger.info({ discarded }, "abandoned catalogue imports discarded");
  return discarded;
}

/** Once a day, starting a few minutes after start-up; returns the stop. */
export function startImportSweeper({ delayMs = 5 * 60_000, intervalMs = DAY_MS } = {}) {
  return periodic(() => discardAbandonedImports(), {
    name: "import-sweep",
    firstMs: delayMs,
    everyMs: intervalMs,
    failure: "The sweep of abandoned catalogue imports failed",
  });
}
