// The embedded database's own thread (pglite-thread.server.ts starts it): PGlite opened here, and
// the connections of the process's threads served (pglite-remote.server.ts), so that a long
// statement (a catalogue import's batch, with its indexes and triggers) runs beside the server's
// thread instead of in it. Each connection's transactions are PGlite's own: while one is open,
// the statements of every other connection wait for its end. A connection that closes with a
// transaction open (its thread ended) has it rolled back.
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pgliteOptions } from "./pglite-options.server";
import type { PgliteReply, PgliteRequest } from "./pglite-remote.server";
import { sendableError } from "./pglite-remote.server";
import type { PgliteThreadData, ToPgliteThread } from "./pglite-thread.server";

/** Thrown inside a transaction whose connection asked for a rollback. */
const ROLLBACK = Symbol("rollback");

type Session = { tx: Transaction; decide(commit: boolean): void; done: Promise<unknown> };

function keepText(types: number[] | undefined) {
  if (!types) return undefined;
  return Object.fromEntries(types.map((type) => [type, (value: string) => value]));
}

function serve(pg: PGlite, port: MessagePort) {
  const sessions = new Map<number, Session>();
  let nextSession = 1;

  function begin(): Promise<number> {
    const id = nextSession++;
    return new Promise((resolve, reject) => {
      let begun = false;
      let decide: (commit: boolean) => void = () => {};
      const decision = new Promise<boolean>((settle) => {
        decide = settle;
      });
      const done = pg.transaction(async (tx) => {
        begun = true;
        sessions.set(id, { tx, decide, done });
        resolve(id);
        if (!(await decision)) throw ROLLBACK;
      });
      done.catch((error: unknown) => {
        if (!begun) reject(error);
      });
    });
  }

  async function end(id: number, commit: boolean) {
    const session = sessions.get(id);
    if (!session) throw new Error("Transaction is closed");
    sessions.delete(id);
    session.decide(commit);
    try {
      await session.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  }

  async function handle(request: PgliteRequest): Promise<unknown> {
    switch (request.type) {
      case "query": {
        const options = { rowMode: request.rowMode, parsers: keepText(request.textTypes) };
        if (request.session === undefined) return pg.query(request.sql, request.params, options);
        const session = sessions.get(request.session);
        if (!session) throw new Error("Transaction is closed");
        return session.tx.query(request.sql, request.params, options);
      }
      case "begin":
        return begin();
      case "end":
        return end(request.session, request.commit);
    }
  }

  port.on("message", (request: PgliteRequest) => {
    handle(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies PgliteReply),
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: sendableError(error) } satisfies PgliteReply),
    );
  });
  port.on("close", () => {
    for (const id of [...sessions.keys()]) void end(id, false).catch(() => {});
  });
}

async function main(control: MessagePort, data: PgliteThreadData) {
  let pg: PGlite;
  try {
    pg = await PGlite.create(data.dataDir ?? "memory://", pgliteOptions(data));
  } catch (error) {
    control.postMessage({ type: "failed", error: sendableError(error) });
    return;
  }
  control.on("message", (message: ToPgliteThread) => {
    if (message.type === "connect") serve(pg, message.port);
    else if (message.type === "close") {
      void pg
        .close()
        .catch(() => {})
        .finally(() => {
          control.postMessage({ type: "closed" });
          process.exit(0);
        });
    }
  });
  control.postMessage({ type: "ready" });
}

if (parentPort) void main(parentPort, workerData as PgliteThreadData);
