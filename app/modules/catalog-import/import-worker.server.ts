// The catalogue import's own thread (import-thread.server.ts starts it): at the lowest CPU
// priority, a pool of its own to the same PostgreSQL database or a connection of its own to the
// embedded database's thread, the same storage opened again, and
// the job loop the server's thread would run (worker.server.ts). What its commits set off for the
// server's thread (the page cache's notices, the pictures' sizes) goes there as messages. Told to
// stop, it waits for its step in flight, closes its pool and ends. Between the steps that write
// the catalogue it rests, leaving the database to the pages.
import os from "node:os";
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { relayContentChanges } from "~/server/cache/invalidation.server";
import { openDatabaseInThread } from "~/server/db/client.server";
import { setDatabase } from "~/server/db/db.server";
import { forwardImageBackfillRequests } from "~/server/images/backfill.server";
import { logger } from "~/server/logger.server";
import { setStorage, storageAt } from "~/server/storage/storage.server";
import type { FromImportThread, ImportThreadData, ToImportThread } from "./import-thread.server";
import { WRITE_REST_SHARE } from "./jobs.server";
import { startJobLoop } from "./worker.server";

/** The lowest priority: the thread gets the CPU the server's thread leaves. */
const NICE = 19;

/**
 * On Linux a thread's priority is its own: setpriority(PRIO_PROCESS, 0) from this thread sets
 * this thread's nice value, not the process's. Elsewhere it may be the process's or refused, so
 * it is tried on Linux only, and a refusal leaves the thread at the server's priority.
 */
function lowerPriority() {
  if (process.platform !== "linux") return;
  try {
    os.setPriority(0, NICE);
  } catch (error) {
    logger.warn({ err: error }, "the catalogue import's thread could not lower its priority");
  }
}

async function serve(port: MessagePort, data: ImportThreadData) {
  lowerPriority();
  const send = (message: FromImportThread) => port.postMessage(message);
  relayContentChanges({ sender: data.sender, tell: (change) => send({ type: "pages", change }) });
  forwardImageBackfillRequests(() => send({ type: "images" }));
  setStorage(storageAt(data.storage));
  // Two connections on PostgreSQL: the step's transaction, and what its effects send once it has committed.
  const database = await openDatabaseInThread(data, {
    applicationName: "trade-counter catalogue import",
    poolMax: 2,
  });
  setDatabase(database);
  const loop = startJobLoop({
    id: data.worker,
    intervalMs: data.intervalMs,
    restShare: WRITE_REST_SHARE[database.kind],
  });
  port.on("message", (message: ToImportThread) => {
    if (message.type === "wake") loop.wake();
    else if (message.type === "stop") {
      void loop
        .stop()
        .then(() => database.close())
        .catch((error: unknown) =>
          logger.error({ err: error }, "the catalogue import's thread did not stop cleanly"),
        )
        .finally(() => {
          port.close();
          // Whatever else a library left open (a socket's keep-alive) ends with the thread.
          process.exit(0);
        });
    }
  });
}

if (parentPort) void serve(parentPort, workerData as ImportThreadData);
