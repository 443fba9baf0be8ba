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
import { startJobLoop } from "./worker.server";

/** The lowest priority: the thread gets the CPU the server's thread leaves. */
const NICE = 19;
/**
 * After each step that writes the catalogue, the job rests this many times as long as the step
 * took. The priority above covers this thread only: PostgreSQL's backend for the step works at
 * normal priority, and on two cores it and the server's thread then contend with whatever else
 * runs. Resting leaves the database idle for that share of the time, so visitors' pages meanwhile
 * answer as on an idle machine most of the time; a 100,000-row apply takes about 1.8 times as long
 * (ADR 044 has the figures). PGlite's own thread takes one core while it works; its apply is
 * slower than PostgreSQL's, so a whole rest would take it past five minutes at 100,000 rows, and
 * it rests for 0.3 of each step: enough that the serving thread's pages keep their idle pace
 * (ADR 054).
 */
const WRITE_REST_SHARE = { postgres: 1.5, pglite: 0.3 };

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
