// The catalogue export in a worker thread of its own: the thread reads the products over a
// connection of its own (to PostgreSQL, or to the embedded database's thread) and writes the file, with a young generation bounded to a few MB,
// and the file's bytes come back here one piece at a time, each asked for when the download has
// room for it, so a slow client never piles bytes up in either thread. ADR "export worker" says why:
// V8 grows the server's young generation to 128 MB for a download that allocates this much, and
// bounding it process-wide costs the public pages their throughput.
import { type MessagePort, Worker } from "node:worker_threads";
import type { AdminProductFilter } from "~/modules/products/admin-filter";
import { logger } from "~/server/logger.server";
import { threadEntry } from "~/server/threads/entry.server";

export type ExportJob = {
  format: "csv" | "xlsx";
  filter: AdminProductFilter;
  /** PostgreSQL's address: the thread opens a connection of its own. */
  url?: string;
  /** Else a connection to the embedded database's thread, handed to the thread. */
  connection?: MessagePort;
};

/** Asking the thread for the next piece of the file. */
export const MORE = "more";
export type FromWorker =
  | { type: "bytes"; bytes: ArrayBuffer }
  | { type: "end" }
  | { type: "error"; error: unknown };

/**
 * The thread's heap: a young generation of a few MB (scavenged often, each time cheaply: the
 * export keeps little alive), larger for the workbook, whose writer makes a row and a cell object
 * per cell (in 8 MB too many of them lived through two scavenges and were promoted, and its
 * download took half as long again); an old generation well above what the thread holds (the
 * modules, one batch of a thousand products, the writer's state: about 30 MB), which V8 then
 * collects before it grows far. A thread that reaches the bound stops and the download ends with
 * an error.
 */
export const EXPORT_RESOURCE_LIMITS = {
  csv: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 },
  xlsx: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 64 },
} as const;

/** The thread's entry, built next to the server's and as source in development and tests. */
const ENTRY = { built: "./catalogue-export-worker.js", source: "./export-worker.server.ts" };

const running = new Set<Worker>();

/** Export threads running now (a download that ends or is cancelled ends its thread). */
export function exportThreadsRunning() {
  return running.size;
}

/**
 * The file as a stream fed by a thread of its own. A failure there (a query, the thread's heap
 * bound, the thread dying) is logged and ends the stream with an error, so the download stops
 * short; cancelling the stream (the client went away) ends the thread.
 */
export function exportInThread(job: ExportJob): ReadableStream<Uint8Array> {
  let worker: Worker | undefined;
  let finished = false;
  let waiting: (() => void) | undefined;
  const wake = () => {
    const resolve = waiting;
    waiting = undefined;
    resolve?.();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const entry = threadEntry(import.meta.url, ENTRY);
      const thread = new Worker(entry.url, {
        workerData: job,
        transferList: job.connection ? [job.connection] : [],
        resourceLimits: EXPORT_RESOURCE_LIMITS[job.format],
        ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
      });
      worker = thread;
      running.add(thread);
      const fail = (error: unknown) => {
        if (finished) return;
        finished = true;
        logger.error({ err: error, format: job.format }, "the catalogue export failed");
        controller.error(error instanceof Error ? error : new Error(String(error)));
        wake();
        void thread.terminate();
      };
      thread.on("message", (message: FromWorker) => {
        if (finished) return;
        // A Buffer over the bytes as they came (Express's compression copies anything else).
        if (message.type === "bytes") controller.enqueue(Buffer.from(message.bytes));
        else if (message.type === "end") {
          finished = true;
          controller.close();
        } else fail(message.error);
        wake();
      });
      thread.on("error", fail);
      thread.on("exit", (code) => {
        running.delete(thread);
        fail(new Error(`The catalogue export's thread stopped (exit code ${code}) before the file's end`));
      });
    },
    pull() {
      if (finished || !worker) return;
      const thread = worker;
      return new Promise<void>((resolve) => {
        waiting = resolve;
        thread.postMessage(MORE);
      });
    },
    async cancel() {
      finished = true;
      wake();
      await worker?.terminate();
    },
  });
}
