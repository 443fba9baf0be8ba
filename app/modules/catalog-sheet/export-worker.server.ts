// The catalogue export's own thread (export-thread.server.ts starts it): a pool of one connection
// to the same PostgreSQL database, or a connection to the embedded database's thread, the export written exactly as in the server's own thread
// (writeCatalogue), and the file handed over a piece each time the server asks for more. Once the
// file has ended, or failed, the connection closes and the thread ends.
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { openDatabaseInThread } from "~/server/db/client.server";
import { setDatabase } from "~/server/db/db.server";
import { writeCatalogue } from "./export.server";
import { type ExportJob, type FromWorker, MORE } from "./export-thread.server";

/** Pieces of the file are put together up to this size before they are sent. */
const PIECE_BYTES = 64 * 1024;

/**
 * The pieces in one ArrayBuffer of their own, which is handed over (transferred, not copied): a
 * lone piece that is a whole buffer already (a CSV batch) as it is, others copied into a new one
 * (the zip's output are views into buffers that hold more).
 */
function wholeBuffer(parts: Uint8Array[], size: number): ArrayBuffer {
  const [only] = parts;
  if (parts.length === 1 && only && only.byteOffset === 0 && only.buffer.byteLength === size) {
    return only.buffer as ArrayBuffer;
  }
  const piece = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    piece.set(part, at);
    at += part.byteLength;
  }
  return piece.buffer;
}

async function serve(port: MessagePort, job: ExportJob) {
  // Asked for before the connection is open: the first request waits for it.
  let asked = 0;
  let waiting: (() => void) | undefined;
  port.on("message", (message: unknown) => {
    if (message !== MORE) return;
    asked++;
    waiting?.();
  });
  const nextAsk = async () => {
    while (asked === 0) await new Promise<void>((resolve) => (waiting = resolve));
    waiting = undefined;
    asked--;
  };
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  const database = await openDatabaseInThread(job, {
    applicationName: "trade-counter catalogue export",
    poolMax: 1,
  });
  try {
    setDatabase(database);
    const reader = writeCatalogue(job.format, job.filter).body.getReader();
    for (;;) {
      await nextAsk();
      const parts: Uint8Array[] = [];
      let size = 0;
      let done = false;
      while (size < PIECE_BYTES) {
        const read = await reader.read();
        if (read.done) {
          done = true;
          break;
        }
        parts.push(read.value);
        size += read.value.byteLength;
      }
      if (size > 0) {
        const piece = wholeBuffer(parts, size);
        send({ type: "bytes", bytes: piece }, [piece]);
      }
      if (done) {
        send({ type: "end" });
        return;
      }
    }
  } catch (error) {
    send({ type: "error", error: error instanceof Error ? error : new Error(String(error)) });
  } finally {
    await database.close().catch(() => {});
    port.close();
  }
}

if (parentPort) void serve(parentPort, workerData as ExportJob);
