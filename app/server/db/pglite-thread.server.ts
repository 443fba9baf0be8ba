// The embedded database in a thread of its own (the server's choice; scripts and tests open it in
// their own thread). PGlite is WebAssembly: a statement runs to its end without giving the event
// loop a turn, so in the server's thread a long one (a catalogue import's batch, its indexes and
// triggers) held up every page meanwhile, even one answered from the page cache. Here the server's
// thread sends its statements to the database's thread over a connection (pglite-remote.server.ts)
// and serves pages while they run; another thread of the process (the catalogue import's) gets a
// connection of its own with connect(). The cost is the message's round trip, some 0.15 ms a
// statement (ADR 054).
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import { logger } from "../logger.server";
import { threadEntry } from "../threads/entry.server";
import { DATABASE_THREAD_STOPPED, RemotePglite, type SentError } from "./pglite-remote.server";

export type PgliteThreadData = {
  /** The data folder; none for a database in memory. */
  dataDir?: string;
  loadDataDir?: Blob;
  sharedBuffersMb?: number;
};

export type ToPgliteThread = { type: "connect"; port: MessagePort } | { type: "close" };
export type FromPgliteThread = { type: "ready" } | { type: "failed"; error: SentError } | { type: "closed" };

/** The thread's entry, built next to the server's and as source in development and tests. */
const ENTRY = { built: "./database-worker.js", source: "./pglite-worker.server.ts" };
/**
 * The thread's JavaScript heap: a small young generation. Its JavaScript only passes statements
 * and their results between the connections and PGlite, all short-lived; PGlite's own memory is
 * WebAssembly's, outside the heap.
 */
const DATABASE_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8 };
/** At close, the most PGlite's own close (its last checkpoint) is waited for before the thread is ended. */
const CLOSE_TIMEOUT_MS = 60_000;

export type PgliteThread = {
  /** The server's thread's own connection. */
  client: RemotePglite;
  /** A new connection, for another thread of this process: transfer the port to it. */
  connect(): MessagePort;
  close(): Promise<void>;
};

export async function startPgliteThread(data: PgliteThreadData): Promise<PgliteThread> {
  const entry = threadEntry(import.meta.url, ENTRY);
  const thread = new Worker(entry.url, {
    workerData: data,
    resourceLimits: DATABASE_RESOURCE_LIMITS,
    ...(entry.execArgv ? { execArgv: entry.execArgv } : {}),
  });
  let closing = false;
  const started = new Promise<void>((resolve, reject) => {
    thread.once("message", (message: FromPgliteThread) => {
      if (message.type === "ready") resolve();
      else if (message.type === "failed")
        reject(Object.assign(new Error(message.error.message), message.error.fields));
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`${DATABASE_THREAD_STOPPED} (${code})`)));
  });
  try {
    await started;
  } catch (error) {
    await thread.terminate();
    throw error;
  }

  function connect() {
    const { port1, port2 } = new MessageChannel();
    thread.postMessage({ type: "connect", port: port1 } satisfies ToPgliteThread, [port1]);
    return port2;
  }

  const client = new RemotePglite(connect());
  thread.on("error", (error) => logger.error({ err: error }, "the embedded database's thread failed"));
  thread.on("exit", (code) => {
    if (closing) return;
    // The data folder is PGlite's alone; a thread that stopped on its own is not started again
    // under a server that may have had statements in flight: the health check reports it.
    logger.fatal({ code }, "the embedded database's thread stopped");
    client.fail(new Error(DATABASE_THREAD_STOPPED));
  });
  // Like PGlite in this thread, the database keeps no process alive by itself.
  thread.unref();

  return {
    client,
    connect,
    async close() {
      if (closing) return;
      closing = true;
      client.close();
      thread.ref();
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.postMessage({ type: "close" } satisfies ToPgliteThread);
      const timer = setTimeout(() => void thread.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
