// The catalogue's search log: a public search's first page counts once per query and day with what
// it found, a result opened from it counts, nothing about the visitor is stored, a page served from
// the page cache still counts, the log cannot be grown without bound, and the back office's
// "Searches with no results" report.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { nzToday } from "~/lib/nz-date";
import { backfillProductSearch, SEARCH_LOG_ROWS_PER_DAY } from "~/modules/search/commands.server";
import { searchesWithNoResults } from "~/modules/search/report.server";
import { countCachedPage, countSearch, flushSearchLog } from "~/modules/search/search-log.server";
import { auditEvents, products, searchLog } from "~/server/db/schema";
import { pageRequest } from "../support/access";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

beforeAll(async () => {
  await db()
    .insert(products)
    .values([
      { name: "Decking Screw Stainless 10g x 65mm", slug: "decking-screw-65", price: 100, isPublished: true },
      {
        name: "Decking Screw Galvanised 10g x 50mm",
        slug: "decking-screw-50",
        price: 100,
        isPublished: true,
      },
      { name: "Kwila Decking 140x19", slug: "kwila-decking", price: 100, isPublished: true },
    ]);
  await backfillProductSearch();
});

beforeEach(async () => {
  await flushSearchLog();
  await db().delete(searchLog);
});

async function get(url: string, cookie?: string) {
  const response = await app(cookie ? pageRequest(url, cookie) : new Request(`http://localhost${url}`));
  expect(response.status, url).toBe(200);
  return response.text();
}

/** A product link from the results: counted, then sent on to the product's own address. */
async function openResult(url: string) {
  const response = await app(new Request(`http://localhost${url}`));
  expect(response.status, url).toBe(302);
  expect(response.headers.get("location")).toBe(url.replace(/\?.*$/, ""));
}

async function logRows() {
  await flushSearchLog();
  return db().select().from(searchLog).orderBy(searchLog.query);
}

test("a public search logs one row per query and day, with how often and what it found", async () => {
  await get("/catalog?q=decking");
  await get("/catalog?q=DECKING&inStock=true");
  // Further pages of the same search are not new searches.
  await get("/catalog?q=decking&page=2");
  const [row, ...others] = await logRows();
  expect(others).toEqual([]);
  expect(row).toMatchObject({
    query: "decking",
    day: nzToday(),
    searches: 2,
    emptySearches: 0,
    results: 3,
    opens: 0,
  });
  await get("/catalog?q=decking");
  expect((await logRows())[0]?.searches).toBe(3);
});

test("a search that found nothing counts as empty; its ways of writing are one row", async () => {
  await get("/catalog?q=Pergola+90+x+45mm");
  await get("/catalog?q=pergola+90x45");
  expect(await logRows()).toMatchObject([
    { query: "pergola 90x45", searches: 2, emptySearches: 2, results: 0 },
  ]);
});

test("a result opened from the search counts on its row; the link carries the search", async () => {
  const html = await get("/catalog?q=kwila");
  expect(html).toContain('href="/catalog/kwila-decking?searched=kwila"');
  await openResult("/catalog/kwila-decking?searched=kwila");
  // A product page reached any other way is not an opened result.
  await get("/catalog/kwila-decking");
  expect(await logRows()).toMatchObject([{ query: "kwila", searches: 1, opens: 1 }]);
  // Opened later (through the client's data request), after the search's row was written: still
  // counted on it.
  const data = await app(new Request("http://localhost/catalog/kwila-decking.data?searched=kwila"));
  expect(data.status).toBeLessThan(400);
  expect(await logRows()).toMatchObject([{ query: "kwila", searches: 1, opens: 2 }]);
  // A made-up search on a product link adds nothing.
  await openResult("/catalog/kwila-decking?searched=never+searched");
  expect(await logRows()).toHaveLength(1);
});

test("nothing personal is stored: no address, user, session or e-mail", async () => {
  await get("/catalog?q=decking", await cookieFor("admin", "search-log"));
  await get("/catalog?q=someone%40example.co.nz");
  const rows = await logRows();
  expect(rows.map((r) => r.query)).toEqual(["decking"]);
  const columns = await db().execute(
    sql`select column_name from information_schema.columns where table_name = 'search_log' order by column_name`,
  );
  expect((columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name)).toEqual([
    "day",
    "empty_searches",
    "id",
    "last_searched_at",
    "opens",
    "query",
    "results",
    "searches",
  ]);
  // Written by the system, through the command runner: its audit event names no one.
  const [event] = await db()
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityType, "search_log"))
    .orderBy(sql`${auditEvents.occurredAt} desc`)
    .limit(1);
  expect(event).toMatchObject({ actorId: null, actorEmail: null, ipAddress: null, userAgent: null });
  expect(event?.summary).toBe("Logged 1 catalogue search and 0 opened results");
});

test("Catalog Management's search is not logged", async () => {
  await get("/admin/catalog?q=decking", await cookieFor("admin", "search-log-admin"));
  expect(await logRows()).toEqual([]);
});

test("a search page served from the page cache counts with the query's last count", async () => {
  await get("/catalog?q=pergola");
  countCachedPage("/catalog?q=pergola");
  countCachedPage("/catalog.data?q=pergola&_routes=routes%2Fpublic%2Fcatalog");
  countCachedPage("/catalog?q=pergola&page=3");
  countCachedPage("/catalog?q=kwila");
  expect(await logRows()).toMatchObject([
    // Never searched through a loader: counted, its count not known, so not counted as empty.
    { query: "kwila", searches: 1, emptySearches: 0, results: null },
    { query: "pergola", searches: 3, emptySearches: 3, results: 0 },
  ]);
});

test("a day takes a bounded number of new queries; those already logged still count", async () => {
  await db().execute(sql`
    insert into search_log (query, day, searches, last_searched_at)
    select 'filler ' || n, ${nzToday()}::date, 1, now() from generate_series(1, ${SEARCH_LOG_ROWS_PER_DAY}) as n`);
  countSearch("filler 1", 4);
  countSearch("brand new query", 0);
  await flushSearchLog();
  const rows = await db()
    .select()
    .from(searchLog)
    .where(sql`${searchLog.query} in ('filler 1', 'brand new query')`);
  expect(rows).toMatchObject([{ query: "filler 1", searches: 2, results: 4 }]);
});

test("the report lists this month's searches that found nothing, most often first, at most fifty", async () => {
  const now = new Date("2026-11-20T01:00:00Z");
  const at = (iso: string) => new Date(iso);
  await db()
    .insert(searchLog)
    .values([
      {
        query: "pergola",
        day: "2026-11-02",
        searches: 3,
        emptySearches: 3,
        results: 0,
        lastSearchedAt: at("2026-11-02T03:00:00Z"),
      },
      {
        query: "pergola",
        day: "2026-11-19",
        searches: 2,
        emptySearches: 2,
        results: 0,
        lastSearchedAt: at("2026-11-19T03:00:00Z"),
      },
      {
        query: "gazebo",
        day: "2026-11-10",
        searches: 5,
        emptySearches: 5,
        results: 0,
        lastSearchedAt: at("2026-11-10T03:00:00Z"),
      },
      // Found something: not in the report.
      {
        query: "decking",
        day: "2026-11-10",
        searches: 9,
        emptySearches: 0,
        results: 3,
        lastSearchedAt: at("2026-11-10T03:00:00Z"),
      },
      // Last month: not in the report.
      {
        query: "spa pool",
        day: "2026-10-31",
        searches: 8,
        emptySearches: 8,
        results: 0,
        lastSearchedAt: at("2026-10-31T03:00:00Z"),
      },
      ...Array.from({ length: 60 }, (_, n) => ({
        query: `rare ${n}`,
        day: "2026-11-05",
        searches: 1,
        emptySearches: 1,
        results: 0,
        lastSearchedAt: at("2026-11-05T03:00:00Z"),
      })),
    ]);
  const report = await searchesWithNoResults(now);
  expect(report).toHaveLength(50);
  expect(report.slice(0, 2)).toEqual([
    { query: "pergola", times: 5, lastSearchedAt: at("2026-11-19T03:00:00Z") },
    { query: "gazebo", times: 5, lastSearchedAt: at("2026-11-10T03:00:00Z") },
  ]);
  expect(report.map((r) => r.query)).not.toContain("decking");
  expect(report.map((r) => r.query)).not.toContain("spa pool");
});

test("sales and admins read the report in the back office, reached from the catalogue's sections", async () => {
  await get("/catalog?q=pergola+kit");
  await get("/catalog?q=pergola+kit");
  await flushSearchLog();
  for (const role of ["sales", "admin"] as const) {
    const html = (await get("/admin/catalog/searches", await cookieFor(role, "search-report"))).replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toContain("Searches with No Results");
    expect(html).toMatch(/<td[^>]*>pergola kit<\/td><td[^>]*>2<\/td>/);
    expect(html).toMatch(/aria-current="page"[^>]*>Searches with no results</);
  }
  const dashboard = await get("/admin", await cookieFor("sales", "search-report"));
  expect(dashboard).toContain('href="/admin/catalog/searches"');
});
