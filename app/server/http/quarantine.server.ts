// The quarantine: where a request's uploaded files wait while the form they came with is judged.
// Each request that sends a file gets a folder of its own under DATA_DIR/tmp/quarantine, on the
// local disk whatever the storage driver. Nothing in it is served or listed by storage: a file
// leaves it only when a command that keeps it copies it into storage (the runner's `files`), and
// the folder is removed when the request is done with it, whatever the outcome (kept, refused,
// failed, or the client gone). A folder a killed process left behind is swept by its age.
//
//   const quarantine = openQuarantine(request.signal);
//   const temp = await quarantine.newFile();          // write the upload here
//   ...
//   await quarantine.release();                       // always: in a finally
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";

/** Where every request's folder is made. */
export function quarantineRoot() {
  return path.join(getEnv().dataDir, "tmp", "quarantine");
}

export type Quarantine = {
  /** A path for a new file in this request's folder (the folder is made on first use). */
  newFile(): Promise<string>;
  /** While `work` runs, the end of the request does not remove the files `work` reads. */
  hold<T>(work: () => Promise<T>): Promise<T>;
  /** Removes the folder and all in it; safe to call more than once. */
  release(): Promise<void>;
};

/**
 * A quarantine for one request. `signal` (the request's, aborted when its response closes or the
 * client goes away) releases it too, unless a `hold` is in progress: then the hold's end does.
 */
export function openQuarantine(signal?: AbortSignal | null): Quarantine {
  let folder: string | null = null;
  let made: Promise<string> | null = null;
  let count = 0;
  let holds = 0;
  let released = false;
  let ended = false;

  function make() {
    made ??= (async () => {
      const name = `${Date.now()}-${process.pid}-${crypto.randomBytes(6).toString("hex")}`;
      const dir = path.join(quarantineRoot(), name);
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      folder = dir;
      return dir;
    })();
    return made;
  }

  async function release() {
    released = true;
    const dir = folder ?? (made ? await made.catch(() => null) : null);
    if (!dir) return;
    await fs.promises.rm(dir, { recursive: true, force: true }).catch((error: unknown) => {
      logger.error({ err: error, dir }, "Failed to remove a request's quarantined files");
    });
  }

  signal?.addEventListener(
    "abort",
    () => {
      ended = true;
      if (holds === 0) void release();
    },
    { once: true },
  );

  return {
    async newFile() {
      if (released) throw new Error("This request's quarantine was already released");
      const dir = await make();
      count += 1;
      return path.join(dir, `${count}.upload`);
    },
    async hold(work) {
      holds += 1;
      try {
        return await work();
      } finally {
        holds -= 1;
        if (ended && holds === 0) await release();
      }
    },
    release,
  };
}

/**
 * Removes request folders older than `olderThan` (left by a process that was killed mid-request);
 * a younger one may belong to a request still being served. Returns how many went.
 */
export async function sweepQuarantine(olderThan: Date): Promise<number> {
  const root = quarantineRoot();
  const names = await fs.promises.readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const dir = path.join(root, name);
    const stat = await fs.promises.stat(dir).catch(() => null);
    if (!stat || stat.mtimeMs > olderThan.getTime()) continue;
    await fs.promises.rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
