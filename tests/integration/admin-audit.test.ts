// The audit log screen and its CSV, through their loaders as the browser asks for them: the
// filters narrow what is shown, bad filter values are ignored, sales is denied, and the export
// holds the filtered view and is itself recorded.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { loader } from "~/routes/admin/audit";
import { action as catalogAction } from "~/routes/admin/catalog";
import { loader as exportLoader } from "~/routes/resources/audit-csv";
import { auditEvents, products } from "~/server/db/schema";
import { cookieFor, postAction, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

type Row = { action: string; entityType: string; entityId: string | null; summary: string };
type Screen = { list: { rows: Row[]; total: number }; actors: { id: string; name: string }[] };

async function get(fn: (args: never) => unknown, url: string, role: Role = "admin") {
  const cookie = await cookieFor(role);
  const request = new Request(`http://localhost${url}`, { headers: { cookie } });
  return settle(() => fn({ request, params: {}, context: {} } as never));
}

async function screen(query: string) {
  const outcome = await get(loader, `/admin/audit${query}`);
  expect(outcome.status).toBe(200);
  return outcome.body as Screen;
}

async function productWithHistory(name: string) {
  await postAction(catalogAction, "/admin/catalog", { ...PRODUCT_FORM_DEFAULTS, intent: "create", name });
  const [row] = await database.current.db.select().from(products).where(eq(products.name, name));
  await postAction(catalogAction, "/admin/catalog", {
    ...PRODUCT_FORM_DEFAULTS,
    intent: "update",
    id: row!.id,
    name,
    price: "42",
  });
  return row!.id;
}

test("the filters narrow the log to one record, one action, one actor, a date range or a search", async () => {
  const id = await productWithHistory("Macrocarpa sleeper");
  await productWithHistory("Totara post");

  const record = await screen(`?entity=product&entityId=${id}`);
  expect(record.list.rows.map((row) => row.action)).toEqual(["update", "create"]);
  expect(record.list.rows.every((row) => row.entityId === id)).toBe(true);

  const updates = await screen("?entity=product&action=update");
  expect(updates.list.rows.map((row) => row.summary).sort()).toEqual([
    'Updated product "Macrocarpa sleeper": price',
    'Updated product "Totara post": price',
  ]);

  const searched = await screen("?q=totara");
  expect(searched.list.rows.map((row) => row.summary).sort()).toEqual([
    'Created product "Totara post"',
    'Updated product "Totara post": price',
  ]);

  const admin = (await screen("")).actors.find((actor) => actor.name === "admin person");
  expect(admin).toBeDefined();
  const byActor = await screen(`?actor=${admin!.id}&entity=product`);
  expect(byActor.list.total).toBe(4);

  // Events are dated in New Zealand days: none tomorrow, all of them from yesterday on.
  const nzToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
  const day = (offset: number) => {
    const date = new Date(`${nzToday}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  expect((await screen(`?entity=product&from=${day(1)}`)).list.total).toBe(0);
  expect((await screen(`?entity=product&from=${day(-1)}&to=${day(0)}`)).list.total).toBe(4);
});

test("filter values that mean nothing are ignored, never an error", async () => {
  await productWithHistory("Rimu board");
  const all = await screen("");
  const bogus = await screen("?entity=bogus&action=explode&from=2026-13-45&to=yesterday&actor=");
  expect(bogus.list.total).toBe(all.list.total);
});

test("sales is denied the log and its export; anonymous visitors are sent to sign in", async () => {
  expect((await get(loader, "/admin/audit", "sales")).status).toBe(403);
  const salesExport = await get(exportLoader, "/admin/audit/export", "sales");
  expect(salesExport.status).toBe(302);
  expect(salesExport.location).toBe("/admin");
  const anonymous = await settle(() =>
    loader({ request: new Request("http://localhost/admin/audit"), params: {}, context: {} } as never),
  );
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
});

test("the CSV holds the filtered view, newest first, and the export is itself recorded", async () => {
  const id = await productWithHistory("Kwila decking");
  const cookie = await cookieFor("admin");
  const response = (await exportLoader({
    request: new Request(`http://localhost/admin/audit/export?entity=product&entityId=${id}`, {
      headers: { cookie },
    }),
    params: {},
    context: {},
  } as never)) as Response;
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="audit_log_\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const rows: string[][] = parse((await response.text()).replace(/^\uFEFF/, ""));
  expect(rows[0]).toEqual([
    "Time",
    "Actor",
    "Actor Email",
    "Role",
    "Action",
    "Entity",
    "Entity ID",
    "Summary",
    "Changes",
    "IP Address",
    "User Agent",
  ]);
  expect(rows.slice(1).map((row) => [row[4], row[6]])).toEqual([
    ["update", id],
    ["create", id],
  ]);
  expect(JSON.parse(rows[1]![8]!)).toEqual({ price: { before: 0, after: 42 } });
  const [recorded] = await database.current.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, "export"));
  expect(recorded).toMatchObject({ entityType: "product", actorRole: "admin" });
  expect(recorded!.summary).toBe("Exported the audit log as CSV (Product)");
});
