// Synonyms staff edit in Settings → Search: the standard trade list is in force until a list is
// saved; a saved list replaces it at the next search (no restart, nothing reindexed); a bad line is
// refused with its line number and nothing is stored; only admins may change it.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { searchPublished } from "~/modules/products/queries.server";
import { backfillProductSearch } from "~/modules/search/commands.server";
import { SEARCH_SYNONYMS_KEY } from "~/modules/search/synonym-text";
import { action, loader } from "~/routes/admin/settings";
import { auditEvents, products, siteSettings } from "~/server/db/schema";
import { fieldErrorsOf, getLoader, postAction, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;

beforeAll(async () => {
  await db()
    .insert(products)
    .values([
      { name: "Standard Plasterboard 10mm 2400x1200", price: 1, isPublished: true },
      { name: "Pre-primed Finger Jointed Skirting 60x10", price: 1, isPublished: true },
      { name: "Plywood Bracing Sheet 7mm", price: 1, isPublished: true },
    ]);
  await backfillProductSearch();
});

/** The names a search finds. */
async function found(q: string) {
  const { ids } = await searchPublished(q, {}, { order: "name", limit: 1_000_000, offset: 0 });
  if (ids.length === 0) return [];
  const rows = await db().select({ name: products.name }).from(products).where(inArray(products.id, ids));
  return rows.map((row) => row.name).sort();
}

const save = (synonyms: string, role: "admin" | "sales" = "admin") =>
  postAction(action, "/admin/settings?tab=search", { intent: "save-search-synonyms", synonyms }, role);

test("the standard list is in force and shown until a list is saved", async () => {
  expect(await found("gib")).toEqual(["Standard Plasterboard 10mm 2400x1200"]);
  expect(await found("board skirting")).toEqual([]);
  const screen = (await getLoader(loader, "/admin/settings?tab=search")) as {
    synonyms: Record<string, unknown>;
  };
  expect(screen.synonyms).toMatchObject({ standard: true, restoring: false });
  expect(screen.synonyms.text).toContain("gib => plasterboard");
});

test("a saved list replaces the standard one at the next search, and is shown as saved", async () => {
  const outcome = await save("# ours\nboard skirting, skirting\nply, plywood");
  expect(outcome.status).toBe(302);
  expect(outcome.location).toBe("/admin/settings?tab=search");
  expect(await toastOf(outcome)).toBe("Search synonyms updated successfully");
  expect(await found("board skirting")).toEqual(["Pre-primed Finger Jointed Skirting 60x10"]);
  expect(await found("ply")).toEqual(["Plywood Bracing Sheet 7mm"]);
  // gib was only in the standard list, and the name holds no "gib".
  expect(await found("gib")).toEqual([]);
  const screen = (await getLoader(loader, "/admin/settings?tab=search")) as {
    synonyms: Record<string, unknown>;
  };
  expect(screen.synonyms).toMatchObject({
    standard: false,
    entries: 2,
    text: "board skirting, skirting\nply, plywood",
  });
  const [event] = await db()
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, SEARCH_SYNONYMS_KEY));
  expect(event?.action).toBe("update");
});

test("a bad line is refused with its number, and the saved list stays as it was", async () => {
  const before = await db()
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, SEARCH_SYNONYMS_KEY));
  const outcome = await save("ply, plywood\ngib =>\n");
  expect(outcome.status).toBe(400);
  expect(fieldErrorsOf(outcome).synonyms).toEqual([
    "Line 2: a one-way entry needs a term on each side of =>",
  ]);
  expect(
    await db().select().from(siteSettings).where(eq(siteSettings.settingKey, SEARCH_SYNONYMS_KEY)),
  ).toEqual(before);
});

test("putting back the standard list fills the box without saving it; an emptied box saves none", async () => {
  const restoring = (await getLoader(loader, "/admin/settings?tab=search&standard=1")) as {
    synonyms: Record<string, unknown>;
  };
  expect(restoring.synonyms).toMatchObject({ standard: false, restoring: true });
  expect(restoring.synonyms.text).toContain("gib => plasterboard");
  expect(await found("gib")).toEqual([]);
  const emptied = await save("");
  expect(emptied.status).toBe(302);
  expect(await found("board skirting")).toEqual([]);
  expect(await found("skirting")).toEqual(["Pre-primed Finger Jointed Skirting 60x10"]);
});

test("sales may not change the synonyms", async () => {
  const outcome = await save("gib => plasterboard", "sales");
  expect(outcome.status).not.toBe(302);
  expect(await found("gib")).toEqual([]);
});
