// The catalogue import's jobs in a worker thread of their own (worker.server.ts chooses): the
// thread opens a pool of its own to the same PostgreSQL database, or a connection of its own to
// the embedded database's thread, and the same storage, runs
// the job loop exactly as this thread would, at the lowest CPU priority, and hands back what its
// commits set off here: the page cache's notices (this thread's cache is the one the pages are
// served from) and the request for the pictures' sizes (this thread's background run makes them).
// This thread wakes it when a job is asked for and stops it at shutdown, waiting for its step in
// flight; a job it leaves is claimed and resumed as any stopped process's is.
import { type MessagePort, Worker } from "node:worker_threads";
import { type ContentChange, contentChanged } from "~/server/cache/invalidation.server";
import { requestImageBackfill } from "~/server/images/backfill.server";
import { loadSharp } from "~/server/images/process-image.server";
import { logger } from "~/server/logger.server";
import type { StorageLocation } from "~/server/storage/storage.server";
import { threadEntry } from "~/server/threads/entry.server";

export type ImportThreadData = {
  /** This process's worker: the jobs' claims carry it. */
  worker: string;
  /** PostgreSQL's address: the thread opens a pool of its own. */
  url?: string;
  /** Else a connection to the embedded database's thread, made for each start of the thread. */
  connection?: MessagePort;
  /** The storage the thread opens again: the import's files, the pictures it takes. */
  storage: StorageLocation;
  /** This thread's page-cache sender id, which the thread's NOTIFY goes out under. */
  sender: string;
  intervalMs: number;
};

export type ToImportThread = { type: "wake" } | { type: "stop" };
export type FromImportThread = { type: "pages"; change: ContentChange } | { type: "images" };

/**
 * The thread's heap: a young generation of a few MB (a batch's rows and SQL are short-lived), an
 * old generation well above what a job keeps (the modules, the catalogue's names and codes a dry
 * run matches against, its file keys so far: some tens of MB for 100,000 rows).
 */
export const IMPORT_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 384 };
/** A thread that stopped on its own (its heap's bound, a crash) starts again after this. */
const RESTART_MS = 5000;
/** At shutdown, the most the step in flight is waited for before the thread is ended. */
const STOP_TIMEOUT_MS = 60_000;

/** The thread's entry, built next to the server's and as source in development and tests. */
const ENTRY = { built: "./catalogue-import-worker.js", source: "./import-worker.server.ts" };

export type ImportThread = {
  thread: true;
  wake(): void;
  stop(): Promise<void>;
};

/**
 * Starts the thread, and again after it stopped on its own. `connect` makes a connection to the
 * embedded database's thread for each start (PGlite); on PostgreSQL `data.url` says where to go.
 */
export function startImportThread(
  data: Omit<ImportThreadData, "connection">,
  connect?: () => MessagePort,
): ImportThread {
  let stopping = false;
  let current: Worker | undefined;
  let restart: NodeJS.Timeout | undefined;

  function start() {
    const entry = threadEntry(import.meta.url, ENTRY);
    const connection = connect?.();
    const thread = new Worker(entry.url, {
      workerData: { ...data, connection } satisfies ImportThreadData,
      transferList: connection ? [connection] : [],
      resourceLimits: IMPORT_RESOURCE_LIMITS,
      ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
    });
    current = thread;
    thread.on("message", (message: FromImportThread) => {
      if (message.type === "pages") contentChanged(message.change);
      else if (message.type === "images") requestImageBackfill();
    });
    thread.on("error", (error) => logger.error({ err: error }, "the catalogue import's thread failed"));
    thread.on("exit", (code) => {
      if (current === thread) current = undefined;
      if (stopping) return;
      logger.error({ code }, "the catalogue import's thread stopped; it starts again shortly");
      restart = setTimeout(start, RESTART_MS);
      restart.unref();
    });
  }

  // The thread processes the import's pictures with sharp. With glibc, a thread that ends unloads
  // the libraries it opened unless another thread holds them, and libvips does not survive being
  // unloaded: this thread holds them for the process's life (sharp's documentation says so).
  void loadSharp().catch((error: unknown) => logger.warn({ err: error }, "sharp could not be loaded"));
  start();
  return {
    thread: true,
    wake() {
      current?.postMessage({ type: "wake" } satisfies ToImportThread);
    },
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const thread = current;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.postMessage({ type: "stop" } satisfies ToImportThread);
      const timer = setTimeout(() => void thread.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
