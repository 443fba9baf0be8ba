// The import worker: inside each server process (started by server/app.ts, like the mail
// worker), it does the imports' jobs one at a time (jobs.server.ts): at start (a job a stopped
// process left goes on once its claim runs out), on a timer, and as soon as a job is asked for.
import crypto from "node:crypto";
import os from "node:os";
import { runInBackground } from "~/server/db/background-work.server";
import { outsideTransaction } from "~/server/db/db.server";
import { logger } from "~/server/logger.server";
import { onImportQueued } from "./commands.server";
import { runImportJobs } from "./jobs.server";

type Worker = {
  started: boolean;
  id: string;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  again: boolean;
  lastErrorLoggedAt: number;
};

// On globalThis like the mail worker's: in development Vite may load this module again.
const workerKey = Symbol.for("trade-counter.import-worker");
const registry = globalThis as Record<symbol, Worker | undefined>;
registry[workerKey] ??= {
  started: false,
  id: `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`,
  again: false,
  lastErrorLoggedAt: 0,
};
const worker: Worker = registry[workerKey];
const ERROR_LOG_INTERVAL_MS = 60_000;

function runWorker(): Promise<void> {
  if (worker.running) {
    worker.again = true;
    return worker.running;
  }
  worker.running = outsideTransaction(async () => {
    try {
      do {
        worker.again = false;
        // Beside the pages: on PGlite, a page asked for meanwhile is served between the step's queries.
        await runInBackground(() => runImportJobs({ worker: worker.id, stopping: () => !worker.started }));
      } while (worker.again && worker.started);
    } catch (error) {
      if (Date.now() - worker.lastErrorLoggedAt > ERROR_LOG_INTERVAL_MS) {
        worker.lastErrorLoggedAt = Date.now();
        logger.error({ err: error }, "import worker could not do its work; will try again");
      }
    } finally {
      worker.running = undefined;
    }
  });
  return worker.running;
}

export function startImportWorker(options: { intervalMs?: number } = {}) {
  if (worker.started) return;
  worker.started = true;
  onImportQueued(() => {
    if (worker.started) void runWorker();
  });
  worker.timer = setInterval(() => void runWorker(), options.intervalMs ?? 5000);
  worker.timer.unref();
  void runWorker();
}

/**
 * Stops the timer and waits for the step in flight (a step is one transaction, a few seconds at
 * most): the job's claim then runs out and the next process to look goes on from there.
 */
export async function stopImportWorker() {
  worker.started = false;
  clearInterval(worker.timer);
  worker.timer = undefined;
  await worker.running;
}
