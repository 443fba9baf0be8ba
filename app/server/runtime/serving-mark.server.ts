// A running server keeps a note in the file storage it serves (the bucket and prefix of
// STORAGE_URL, or DATA_DIR/uploads): written at start, refreshed every minute, removed when it
// stops. A restore reads the notes and refuses to replace files a running site serves, which a
// trial restore pointed at the live bucket would otherwise delete (backup/restore.server.ts).
import os from "node:os";
import { logger } from "~/server/logger.server";
import type { ServingMark, Storage } from "~/server/storage/storage.server";

const SERVING_MARK_INTERVAL_MS = 60_000;
/**
 * A note younger than this belongs to a running process: two and a half refreshes, so one slow
 * or failed write does not make a running site look stopped.
 */
const SERVING_MARK_FRESH_MS = 150_000;

/** The processes whose notes are fresh at `now`. */
export function freshServingMarks(marks: readonly ServingMark[], now = Date.now()) {
  return marks.filter((mark) => now - Date.parse(mark.at) < SERVING_MARK_FRESH_MS);
}

function markId(port: number) {
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .slice(0, 100) || "host";
  return `${host}-${port}-${process.pid}`;
}

/** Writes this process's note now and every minute; the returned function removes it. */
export async function startServingMark(storage: Storage, port: number): Promise<() => Promise<void>> {
  const id = markId(port);
  const write = () =>
    storage.putServingMark({ id, host: os.hostname(), pid: process.pid, port, at: new Date().toISOString() });
  // The first write is part of the start: storage that takes no note would take no file either.
  await write().catch((error: unknown) => {
    throw new Error(
      `The file storage could not be written to (the note that this server serves it): ${(error as Error).message}`,
      { cause: error },
    );
  });
  const timer = setInterval(() => {
    write().catch((error: unknown) => logger.warn({ err: error }, "could not refresh the serving mark"));
  }, SERVING_MARK_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await storage
      .deleteServingMark(id)
      .catch((error: unknown) => logger.warn({ err: error }, "could not remove the serving mark"));
  };
}
