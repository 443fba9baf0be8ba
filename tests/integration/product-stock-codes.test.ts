// A product's stock code and unit of sale, saved through Catalog Management's action as the
// browser posts them: a code is unique whatever its case (refused in words, with the product that
// has it, and nothing written), blank is no code, and two saves of one code at once, or a write
// from outside the form at the same moment, still end in a 400 with a message, never a 500.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { action } from "~/routes/admin/catalog";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { auditEvents, products } from "~/server/db/schema";
import { cookieFor, type Outcome, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;
const onPostgres = process.env.TEST_ENGINE === "postgres";

/** A second process's connection to this file's database (PostgreSQL only). */
let other: DatabaseHandle | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  const rows = await db().execute(sql`select current_database() as name`);
  const name = (rows as unknown as { rows: { name: string }[] }).rows[0]?.name;
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  other = await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 2 });
});

afterAll(async () => {
  await other?.close();
});

async function post(fields: Record<string, string>) {
  const cookie = await cookieFor("admin");
  const request = new Request("http://localhost/admin/catalog", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ ...PRODUCT_FORM_DEFAULTS, intent: "create", ...fields }),
  });
  return settle(() => action({ request, params: {}, context: {} } as never));
}

async function stored(name: string) {
  const [row] = await db().select().from(products).where(eq(products.name, name));
  return row;
}

function refusal(result: Outcome) {
  const body = result.body as {
    error?: { title: string; description?: string };
    result?: { error?: Record<string, string[]> };
  };
  return { status: result.status, toast: body.error?.description, field: body.result?.error?.sku?.[0] };
}

async function productEvents() {
  return db().select().from(auditEvents).where(eq(auditEvents.entityType, "product"));
}

test("a code another product has, in any case, is refused with that product's name, and nothing is written", async () => {
  expect((await post({ name: "GIB Standard 10mm 2400x1200", sku: "GIB10-2400", unit: "sheet" })).status).toBe(
    302,
  );
  const taken = "This stock code is already used by GIB Standard 10mm 2400x1200.";
  const products_before = await db().$count(products);
  const events_before = (await productEvents()).length;

  const copy = await post({ name: "Copy of GIB", sku: "gib10-2400" });
  expect(refusal(copy)).toEqual({ status: 400, toast: taken, field: taken });

  // Another product given the code on an update is refused the same way and keeps its own.
  expect((await post({ name: "GIB Aqualine 10mm", sku: "GIBAQ10-2400" })).status).toBe(302);
  const aqualine = await stored("GIB Aqualine 10mm");
  const moved = await post({
    intent: "update",
    id: aqualine?.id ?? "",
    name: "GIB Aqualine 10mm",
    sku: " Gib10-2400 ",
  });
  expect(refusal(moved)).toEqual({ status: 400, toast: taken, field: taken });

  expect(await db().$count(products)).toBe(products_before + 1);
  expect(await stored("Copy of GIB")).toBeUndefined();
  expect((await stored("GIB Aqualine 10mm"))?.sku).toBe("GIBAQ10-2400");
  // The refused saves left no event; the one create did.
  expect((await productEvents()).length).toBe(events_before + 1);

  // The product itself may change its code's case.
  const gib = await stored("GIB Standard 10mm 2400x1200");
  const recased = await post({
    intent: "update",
    id: gib?.id ?? "",
    name: "GIB Standard 10mm 2400x1200",
    sku: "gib10-2400",
    unit: "sheet",
  });
  expect(recased.status).toBe(302);
  expect((await stored("GIB Standard 10mm 2400x1200"))?.sku).toBe("gib10-2400");
});

test("a blank code or unit is stored as none, a code is trimmed, and many products may have none", async () => {
  for (const name of ["No code one", "No code two"])
    expect((await post({ name, sku: "   ", unit: "" })).status).toBe(302);
  expect(await stored("No code one")).toMatchObject({ sku: null, unit: null });
  expect(await stored("No code two")).toMatchObject({ sku: null, unit: null });
  await post({ name: "Tek screws", sku: "  TEK14-50 ", unit: " box " });
  expect(await stored("Tek screws")).toMatchObject({ sku: "TEK14-50", unit: "box" });
  const refused = await post({ name: "Bad code", sku: "TEK#14" });
  expect(refusal(refused).field).toBe(
    "A stock code may hold only letters, digits, spaces and - _ . / and starts with a letter or digit",
  );
  expect(await stored("Bad code")).toBeUndefined();
});

test("the product's audit event names its stock code and unit as they changed", async () => {
  await post({ name: "Pine framing", sku: "H32-9045-48", unit: "length" });
  const pine = await stored("Pine framing");
  await post({ intent: "update", id: pine?.id ?? "", name: "Pine framing", sku: "H32-9045-54", unit: "" });
  const [event] = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, pine?.id ?? ""), eq(auditEvents.action, "update")));
  expect(event?.changes).toMatchObject({
    sku: { before: "H32-9045-48", after: "H32-9045-54" },
    unit: { before: "length", after: null },
  });
  const [created] = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, pine?.id ?? ""), eq(auditEvents.action, "create")));
  expect(created?.changes).toMatchObject({ sku: { before: null, after: "H32-9045-48" } });
});

test("two saves of one new code at once: one is stored, the other is refused in words", async () => {
  const results = await Promise.all([
    post({ name: "Coach bolt A", sku: "CB-M12150" }),
    post({ name: "Coach bolt B", sku: "cb-m12150" }),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([302, 400]);
  const refused = results.find((r) => r.status === 400);
  const winner = results[0]?.status === 302 ? "Coach bolt A" : "Coach bolt B";
  expect(refusal(refused as Outcome).toast).toBe(`This stock code is already used by ${winner}.`);
  const rows = await db().select().from(products).where(sql`lower(${products.sku}) = 'cb-m12150'`);
  expect(rows.map((row) => row.name)).toEqual([winner]);
});

test.runIf(onPostgres)(
  "a code written from outside the form in the same moment is a 400 with a message, never a 500",
  async () => {
    const second = other;
    if (!second) throw new Error("no second connection");
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // Another process's transaction, which took no lock, has the code but has not committed.
    const outside = second.db.transaction(async (tx) => {
      await tx.insert(products).values({ name: "Imported joist hanger", sku: "JH-9045-20" });
      inserted();
      await released;
    });
    await holding;
    const saving = post({ name: "Joist hanger", sku: "jh-9045-20" });
    // The save waits on the index for the other transaction; it commits once the save is waiting.
    for (;;) {
      const waiting = await second.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((waiting as unknown as { rows: { n: number }[] }).rows[0]?.n) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await outside;
    const result = await saving;
    expect(refusal(result)).toEqual({
      status: 400,
      toast: "This stock code is already used by another product.",
      field: "This stock code is already used by another product.",
    });
    expect(await stored("Joist hanger")).toBeUndefined();
  },
);
