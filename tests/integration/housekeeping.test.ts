// PGlite has no autovacuum: the server's housekeeping vacuums it, so that the catalogue's counts
// and deep pages stay index-only scans. On PostgreSQL the daemon does it and the task stands aside.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { products } from "~/server/db/schema";
import { vacuumEmbeddedDatabase } from "~/server/runtime/housekeeping.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

async function heapFetches() {
  const result = await database.current.db.execute(
    sql`explain (analyze, format json) select id from products where is_published order by lower(name), name, id limit 10 offset 1500`,
  );
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const plan = JSON.stringify(rows[0]);
  const fetches = [...plan.matchAll(/"Heap Fetches":\s*(\d+)/g)].map((m) => Number(m[1]));
  return { indexOnly: plan.includes("Index Only Scan"), fetches: fetches.reduce((a, b) => a + b, 0) };
}

test("the embedded database is vacuumed by the server; PostgreSQL is left to autovacuum", async () => {
  await database.current.db
    .insert(products)
    .values(Array.from({ length: 2000 }, (_, i) => ({ name: `Batten ${String(i).padStart(4, "0")}` })));
  await database.current.db.execute(sql`analyze products`);
  await database.current.db.execute(sql`set enable_seqscan = off`);
  const before = await heapFetches();
  expect(before.indexOnly).toBe(true);

  const vacuumed = await vacuumEmbeddedDatabase();
  expect(vacuumed).toBe(database.current.kind === "pglite");
  if (vacuumed) {
    // Every page is marked all-visible: the deep page no longer visits the table.
    expect(before.fetches).toBeGreaterThan(0);
    expect((await heapFetches()).fetches).toBe(0);
  }
  await database.current.db.execute(sql`reset enable_seqscan`);
});
