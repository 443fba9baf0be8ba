// The import worker: inside each server process (started by server/app.ts, like the mail
// worker), it does the imports' jobs one at a time (jobs.server.ts): at start (a job a stopped
// process left goes on once its claim runs out), on a timer, and as soon as a job is asked for.
// The jobs run in a worker thread of their own (import-thread.server.ts), at the lowest CPU
// priority, so that the import's own work (reading, planning, building each batch's SQL) never
// holds up the pages this thread serves: on PostgreSQL, and on PGlite when its database runs in a
// thread of its own (a serving process). With PGlite in this thread they run here, beside the
// pages, their queries each giving the pages a turn first.
import crypto from "node:crypto";
import os from "node:os";
import { contentChangeSender } from "~/server/cache/invalidation.server";
import { runInBackground } from "~/server/db/background-work.server";
import { getDatabase, outsideTransaction } from "~/server/db/db.server";
import { logger } from "~/server/logger.server";
import { storageLocation } from "~/server/storage/storage.server";
import { onImportQueued } from "./commands.server";
import { type ImportThread, startImportThread } from "./import-thread.server";
import { runImportJobs } from "./jobs.server";

/** The job loop, in this thread or in the import's own. */
export type JobLoop = {
  /** A job was asked for: look now. */
  wake(): void;
  /** Stops the timer and waits for the step in flight. */
  stop(): Promise<void>;
};

type Worker = {
  started: boolean;
  id: string;
  loop?: JobLoop;
};

// On globalThis like the mail worker's: in development Vite may load this module again.
const workerKey = Symbol.for("trade-counter.import-worker");
const registry = globalThis as Record<symbol, Worker | undefined>;
registry[workerKey] ??= {
  started: false,
  id: `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`,
};
const worker: Worker = registry[workerKey];
const ERROR_LOG_INTERVAL_MS = 60_000;
const INTERVAL_MS = 5000;

/**
 * Does the jobs that are due as `id` (this process's worker: its claims carry it): now, every
 * `intervalMs`, and when woken, one run at a time.
 */
export function startJobLoop(options: { id: string; intervalMs?: number; restShare?: number }): JobLoop {
  let started = true;
  let running: Promise<void> | undefined;
  let again = false;
  let lastErrorLoggedAt = 0;

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = outsideTransaction(async () => {
      try {
        do {
          again = false;
          // Beside the pages: on PGlite, a page asked for meanwhile is served between the step's queries.
          await runInBackground(() =>
            runImportJobs({ worker: options.id, stopping: () => !started, restShare: options.restShare }),
          );
        } while (again && started);
      } catch (error) {
        if (Date.now() - lastErrorLoggedAt > ERROR_LOG_INTERVAL_MS) {
          lastErrorLoggedAt = Date.now();
          logger.error({ err: error }, "import worker could not do its work; will try again");
        }
      } finally {
        running = undefined;
      }
    });
    return running;
  }

  const timer = setInterval(() => void run(), options.intervalMs ?? INTERVAL_MS);
  timer.unref();
  void run();
  return {
    wake() {
      if (started) void run();
    },
    async stop() {
      started = false;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The jobs in a thread of their own when that thread can reach the database (PostgreSQL's address,
 * or a connection to the embedded database's thread) and open the storage again; else in this thread.
 */
function startLoop(intervalMs: number | undefined): JobLoop | ImportThread {
  const database = getDatabase();
  const storage = storageLocation();
  const url = database.kind === "postgres" ? database.url : undefined;
  if ((url || database.connect) && storage) {
    return startImportThread(
      {
        worker: worker.id,
        url,
        storage,
        sender: contentChangeSender(),
        intervalMs: intervalMs ?? INTERVAL_MS,
      },
      database.connect,
    );
  }
  return startJobLoop({ id: worker.id, intervalMs });
}

export function startImportWorker(options: { intervalMs?: number } = {}) {
  if (worker.started) return;
  worker.started = true;
  const loop = startLoop(options.intervalMs);
  worker.loop = loop;
  onImportQueued(() => {
    if (worker.started) loop.wake();
  });
}

/** Whether this process's import jobs run in a thread of their own. */
export function importWorkerInThread() {
  return worker.loop !== undefined && "thread" in worker.loop;
}

/**
 * Stops the timer and waits for the step in flight (a step is one transaction, a few seconds at
 * most): the job's claim then runs out and the next process to look goes on from there.
 */
export async function stopImportWorker() {
  worker.started = false;
  const loop = worker.loop;
  worker.loop = undefined;
  await loop?.stop();
}
