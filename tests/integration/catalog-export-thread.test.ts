// The catalogue export's own thread (on PostgreSQL, and on PGlite in a thread of its own as the
// server opens it): the file it writes is the file the server's own thread writes, whole and
// filtered, in both formats; a download cancelled halfway ends the thread and its connection; a
// thread that fails ends the download with an error. With PGlite in the server's own thread (a
// script's) the export starts no thread.
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { beforeAll, expect, test, vi } from "vitest";
import { exportCatalogue, writeCatalogue } from "~/modules/catalog-sheet/export.server";
import { exportInThread, exportThreadsRunning } from "~/modules/catalog-sheet/export-thread.server";
import type { AdminProductFilter } from "~/modules/products/admin-filter";
import { setDatabase } from "~/server/db/db.server";
import { products } from "~/server/db/schema";
import { readSheet } from "~/server/sheets/read-sheet.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase({ pgliteThread: true });
const onPostgres = process.env.TEST_ENGINE === "postgres";

/** More products than one batch of the export, so a download has several pieces. */
const PRODUCTS = 2500;

beforeAll(async () => {
  await database.current.db.insert(products).values(
    Array.from({ length: PRODUCTS }, (_, i) => ({
      name: i % 10 === 0 ? `Treated pine ${i}` : `Plasterboard ${i}`,
      shortDescription: i % 3 === 0 ? null : `Line one\r\nline "two", ${i}`,
      price: 1 + i / 4,
      stockQuantity: i,
      isPublished: i % 2 === 0,
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, 0, i)),
    })),
  );
});

async function bytesOf(body: ReadableStream<Uint8Array>) {
  return Buffer.from(await new Response(body).arrayBuffer());
}

async function rowsOf(bytes: Buffer) {
  const sheet = await readSheet(() => Readable.from([bytes]));
  const rows: string[][] = [sheet.header];
  for await (const row of sheet.rows) rows.push(row.cells);
  return rows;
}

/** Connections the export's threads hold to this test's database. */
async function exportConnections() {
  const result = await database.current.db.execute(
    sql`select count(*)::int as count from pg_stat_activity
        where datname = current_database() and application_name = 'trade-counter catalogue export'`,
  );
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count;
}

const filters: [string, AdminProductFilter][] = [
  ["the whole catalogue", { q: "" }],
  ["a search", { q: "treated pine" }],
  ["the building filter", { q: "", building: "missing" }],
];

test.each(filters)(
  "%s: the thread's CSV and XLSX are the rows the server's own thread writes",
  async (_, filter) => {
    for (const format of ["csv", "xlsx"] as const) {
      const threaded = exportCatalogue(format, filter);
      expect(exportThreadsRunning()).toBe(1);
      const fromThread = await bytesOf(threaded.body);
      const here = await bytesOf(writeCatalogue(format, filter).body);
      expect(threaded.contentType).toBe(writeCatalogue(format, filter).contentType);
      // A CSV is the same bytes; a workbook's zip holds the time it was written, so its rows.
      if (format === "csv") expect(fromThread.equals(here)).toBe(true);
      const rows = await rowsOf(fromThread);
      expect(rows).toEqual(await rowsOf(here));
      expect(rows.length).toBeGreaterThan(1);
      await vi.waitFor(() => expect(exportThreadsRunning()).toBe(0));
    }
  },
  120_000,
);

test("a download cancelled halfway ends its thread and the thread's connection", async () => {
  for (const format of ["csv", "xlsx"] as const) {
    const reader = exportCatalogue(format, { q: "" }).body.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(exportThreadsRunning()).toBe(1);
    if (onPostgres) expect(await exportConnections()).toBe(1);
    await reader.cancel();
    await vi.waitFor(() => expect(exportThreadsRunning()).toBe(0));
    if (onPostgres) {
      await vi.waitFor(async () => expect(await exportConnections()).toBe(0), { timeout: 10_000 });
    }
    // The database answers on: nothing was left holding it.
    expect(await database.current.ping()).toBe(true);
  }
}, 60_000);

test.runIf(onPostgres)(
  "a thread that fails ends the download with an error and stops",
  async () => {
    const url = new URL(database.current.url ?? "");
    url.pathname = "/no_such_database_for_the_export";
    const body = exportInThread({ format: "csv", filter: { q: "" }, url: url.toString() });
    const failure = await bytesOf(body).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    // The query's failure, and the reason PostgreSQL gave, as the log records them.
    expect(failure?.message).toMatch(/^Failed query: select/);
    expect((failure?.cause as Error | undefined)?.message).toMatch(/no_such_database_for_the_export/);
    await vi.waitFor(() => expect(exportThreadsRunning()).toBe(0));
  },
  60_000,
);

test.runIf(!onPostgres)("with PGlite in the server's own thread the export is written there", async () => {
  // A script's database: PGlite in its own thread, with no connection to hand to another.
  setDatabase({ ...database.current, connect: undefined });
  try {
    const { body } = exportCatalogue("csv", { q: "treated pine" });
    expect(exportThreadsRunning()).toBe(0);
    const rows = await rowsOf(await bytesOf(body));
    expect(rows.length).toBe(PRODUCTS / 10 + 1);
  } finally {
    setDatabase(database.current);
  }
});
