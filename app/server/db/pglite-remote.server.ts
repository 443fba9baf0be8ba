// A connection to PGlite running in a thread of its own (pglite-thread.server.ts), over a
// MessagePort: the part of PGlite's client that Drizzle uses (query, transaction), so that
// `drizzle-orm/pglite` runs on it unchanged. Each thread that queries (the server's, the catalogue
// import's) holds a connection of its own; the database thread runs their statements one at a
// time, as PGlite does in one thread, and a transaction holds it as PGlite's own does: a
// statement from another connection waits for its end.
import type { MessagePort } from "node:worker_threads";

/** What a statement fails with once the database's thread has ended under its connections. */
export const DATABASE_THREAD_STOPPED = "The embedded database's thread stopped";

const CONNECTION_CLOSED = "The embedded database's connection is closed";

/** A request on a connection; `session` is a transaction begun on the same connection. */
export type PgliteRequest =
  | {
      id: number;
      type: "query";
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      /** Type oids whose values stay as PostgreSQL's text (Drizzle's date and interval parsers). */
      textTypes?: number[];
      session?: number;
    }
  | { id: number; type: "begin" }
  | { id: number; type: "end"; session: number; commit: boolean };

/** A request before its id is given. */
type Unsent = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, "id"> : never) : never;

export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SentError };

/** An error as it crosses threads: its message and its own plain fields (a SQLSTATE code, a constraint). */
export type SentError = { name: string; message: string; fields: Record<string, string | number | boolean> };

export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: SentError["fields"] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

function receivedError(sent: SentError): Error {
  const error = new Error(sent.message);
  Object.assign(error, sent.fields);
  error.name = sent.name;
  return error;
}

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

type Queryable = {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results & { rows: Row[] }>;
};

export type RemoteTransaction = Queryable & { rollback(): Promise<void>; readonly closed: boolean };

/**
 * The client side of a connection. Parsers given with a query are taken as "keep the value as
 * text" for their type oids: functions cannot cross threads, and the only ones Drizzle passes
 * return the text unchanged.
 */
export class RemotePglite implements Queryable {
  #port: MessagePort;
  #next = 1;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #gone: Error | undefined;

  constructor(port: MessagePort) {
    this.#port = port;
    port.on("message", (reply: PgliteReply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) port.unref();
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(receivedError(reply.error));
    });
    port.on("close", () => this.fail(new Error(CONNECTION_CLOSED)));
    // Like PGlite in this thread, an idle connection keeps no process alive; one waiting for an
    // answer does.
    port.unref();
  }

  /** Fails every request waiting and every one after it with `error` (the database thread stopped). */
  fail(error: Error) {
    this.#gone ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }

  #request<T>(request: Unsent): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#port.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#port.postMessage({ ...request, id });
    });
  }

  #query<Row>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    session?: number,
  ) {
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#request<Results & { rows: Row[] }>({
      type: "query",
      sql,
      params,
      rowMode: options?.rowMode,
      textTypes,
      session,
    });
  }

  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#query<Row>(sql, params, options);
  }

  /** Runs `work` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const session = await this.#request<number>({ type: "begin" });
    let closed = false;
    const end = (commit: boolean) => {
      closed = true;
      return this.#request<void>({ type: "end", session, commit });
    };
    const tx: RemoteTransaction = {
      query: (sql, params, options) => {
        if (closed) return Promise.reject(new Error("Transaction is closed"));
        return this.#query(sql, params, options, session);
      },
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) await end(false);
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  /** Closes this connection (the database thread rolls back a transaction left open on it). */
  close() {
    this.fail(new Error(CONNECTION_CLOSED));
    this.#port.close();
  }
}
