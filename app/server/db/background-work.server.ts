// Work that runs in the background of a serving process (a catalogue import's steps) and must not
// hold up the pages asked for meanwhile. On PostgreSQL every query is a real round trip, so the
// event loop turns while the database works. PGlite is WebAssembly in this thread: a query runs to
// its end without a turn, and a transaction's queries follow one another as promise callbacks, so
// a whole step (many queries, a few hundred milliseconds) would pass before a waiting page is
// served. Background work on PGlite therefore gives the event loop a turn before each query.
import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";

const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work: on PGlite its queries each wait for a turn of the event loop. */
export function runInBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the code calling runs as background work. */
export function inBackground() {
  return background.getStore() === true;
}

type Queryable = { query: (...args: never[]) => Promise<unknown> };
type WithTransaction = Queryable & {
  transaction: (work: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
};

function yieldBeforeQueries<Client extends Queryable>(client: Client) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.query = (async (...args: unknown[]) => {
    if (inBackground()) await nextTurn();
    return query(...args);
  }) as Client["query"];
  return client;
}

/**
 * Makes PGlite's queries, and those of its transactions, give the event loop a turn first when
 * they are background work (runInBackground). Anything else queries as before.
 */
export function yieldToPagesInBackground<Client extends WithTransaction>(client: Client): Client {
  yieldBeforeQueries(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Queryable) => Promise<unknown>) =>
    transaction((tx) => work(yieldBeforeQueries(tx)))) as Client["transaction"];
  return client;
}
