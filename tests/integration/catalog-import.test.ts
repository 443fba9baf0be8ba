// The catalogue import (ADR 044) as an admin runs it: a sheet uploaded, its dry run (which
// writes nothing to the catalogue), the preview, the apply (which writes exactly the plan), the
// refusals by the product dialog's rules, the modes, blank cells and (clear), categories and
// brands, the publish gate, the undo, and the job: a restart mid-apply, two imports at once, other
// work let in between its steps, the planner's statistics of products kept up by a large one.
import fs from "node:fs";
import path from "node:path";
import { asc, eq, like, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test, vi } from "vitest";
import {
  requestApply,
  requestUndo,
  saveImportProfile,
  startDryRun,
} from "~/modules/catalog-import/commands.server";
import { runImportJobs } from "~/modules/catalog-import/jobs.server";
import {
  fieldsFromProfile,
  getImport,
  importReport,
  listProfiles,
  previewOf,
  profileFor,
  progressOf,
  undoConflictsOf,
} from "~/modules/catalog-import/queries.server";
import { startImportSweeper } from "~/modules/catalog-import/sweeper.server";
import {
  importWorkerInThread,
  startImportWorker,
  stopImportWorker,
} from "~/modules/catalog-import/worker.server";
import { exportCatalogue } from "~/modules/catalog-sheet/export.server";
import { saveProduct } from "~/modules/products/commands.server";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { getPageCache, startInvalidationListener } from "~/server/cache/invalidation.server";
import { createPageCache } from "~/server/cache/page-store.server";
import type { Actor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import {
  auditEvents,
  brands,
  buildingInfoSheets,
  caseStudies,
  catalogImportProfiles,
  catalogImportRows,
  catalogImports,
  categories,
  products,
} from "~/server/db/schema";
import { useTestDatabase } from "../support/database";
import { applyImport, csvOf, dryRun, planRows, undoImport, uploadSheet, work } from "../support/imports";
import { createUser, setUserActive, staffActorOf } from "../support/users";

// PGlite in a thread of its own, as the server opens it: the import's thread gets a connection to it.
const database = useTestDatabase({ pgliteThread: true });
const db = () => database.current.db;
const onPostgres = process.env.TEST_ENGINE === "postgres";
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");

let admin: Actor;

beforeAll(async () => {
  const user = await createUser({
    email: "ira@example.nz",
    name: "Ira Admin",
    role: "admin",
    password: "correct horse battery staple",
  });
  admin = await staffActorOf(user.id);
});

beforeEach(async () => {
  await db().delete(catalogImports);
  await db().delete(catalogImportProfiles);
  await db().delete(products);
  await db().delete(categories);
  await db().delete(brands);
  await db().delete(buildingInfoSheets);
});

async function addProduct(values: Partial<typeof products.$inferInsert> & { name: string }) {
  const [row] = await db()
    .insert(products)
    .values({ price: 10, ...values })
    .returning();
  if (!row) throw new Error("no product");
  return row;
}

async function productBySku(sku: string) {
  const [row] = await db().select().from(products).where(eq(products.sku, sku));
  return row;
}

/** The audit events recorded so far, to tell the new ones by (not by time: see catalog-commands). */
async function eventsSoFar() {
  return new Set((await db().select({ id: auditEvents.id }).from(auditEvents)).map((row) => row.id));
}

async function eventsSince(before: Set<string>) {
  return (await db().select().from(auditEvents).orderBy(asc(auditEvents.occurredAt))).filter(
    (event) => !before.has(event.id),
  );
}

async function allProducts() {
  return db().select().from(products).orderBy(asc(products.name));
}

const HEADERS = ["Stock code", "Name", "Price", "Discount (%)", "Category", "Brand", "Stock", "Published"];

test("the dry run writes nothing to the catalogue; the apply writes exactly what the preview showed", async () => {
  const framing = await addProduct({
    name: "Pine framing 90x45",
    sku: "PF-9045",
    price: 12.5,
    stockQuantity: 40,
  });
  await db().insert(categories).values({ name: "Timber", type: "products" });
  const before = await allProducts();
  const id = await uploadSheet(
    admin,
    csvOf(HEADERS, [
      ["PF-9045", "Pine framing 90x45", "13.20", "", "Timber", "", "", ""],
      ["KW-140", "Kwila decking 140x19", "$14.50", "10%", "timber", "", "120", "Yes"],
      ["GIB-10", "GIB Standard 10mm", "28", "", "", "", "", "No"],
    ]),
  );
  const planned = await dryRun(admin, id);

  expect(await allProducts()).toEqual(before);
  expect(planned).toMatchObject({
    status: "planned",
    toCreate: 2,
    toUpdate: 1,
    unchanged: 0,
    refused: 0,
    rowsTotal: 3,
  });
  const preview = await previewOf(planned);
  expect(preview.changed.map((row) => [row.rowNumber, row.action, row.matchedBy])).toEqual([
    [2, "update", "sku"],
    [3, "create", null],
    [4, "create", null],
  ]);
  expect(preview.changed[0]?.changes).toEqual([
    { field: "Price", before: "12.50", after: "13.20" },
    { field: "Category", before: "—", after: "Timber" },
  ]);

  const applied = await applyImport(admin, id);
  expect(applied).toMatchObject({
    status: "applied",
    created: 2,
    updated: 1,
    refusedOnApply: 0,
    filePath: null,
  });
  for (const row of await planRows(id)) {
    expect(row.applied).toBe("done");
    const [stored] = await db()
      .select()
      .from(products)
      .where(eq(products.id, row.productId as string));
    const after = row.after?.fields;
    expect(stored).toMatchObject({ ...after });
  }
  const updated = await productBySku("PF-9045");
  expect(updated).toMatchObject({ id: framing.id, price: 13.2, stockQuantity: 40 });
  expect(await productBySku("KW-140")).toMatchObject({
    discountPercentage: 10,
    stockQuantity: 120,
    isPublished: true,
  });
  expect(await productBySku("GIB-10")).toMatchObject({ isPublished: false, price: 28 });
});

test("each refused row says its row, its column and why, by the product dialog's rules", async () => {
  await addProduct({ name: "Claw hammer", sku: "HM-1" });
  const [sheet] = await db()
    .insert(buildingInfoSheets)
    .values({ title: "GIB plasterboard", classification: "class_1" })
    .returning();
  const id = await uploadSheet(
    admin,
    csvOf(
      [...HEADERS, "Building information", "Stock status"],
      [
        ["A-1", "Price not a number", "twelve", "", "", "", "", "", "", ""],
        ["A-2", "Too much off", "10", "150", "", "", "", "", "", ""],
        ["A-3", "", "10", "", "", "", "", "", "", ""],
        ["A-4", "Twice", "10", "", "", "", "", "", "", ""],
        ["a-4", "Twice again", "10", "", "", "", "", "", "", ""],
        ["HM-1", "Another hammer", "10", "", "", "", "", "", "", ""],
        ["A-5", "Unknown category", "10", "", "Roofing", "Nobody", "", "", "", ""],
        ["A-6", "Designated, published", "10", "", "", "", "", "Yes", "GIB plasterboard", ""],
        ["A-7", "Designated, hidden", "10", "", "", "", "", "No", "GIB plasterboard", ""],
        ["A 8!", "Bad code", "10", "", "", "", "", "", "", ""],
        ["A-9", "Bad status", "10", "", "", "", "", "Maybe", "", "Plenty"],
      ],
    ),
  );
  const planned = await dryRun(admin, id, { mode: "create_only" });
  const rows = await planRows(id);
  const problems = Object.fromEntries(rows.map((row) => [row.rowNumber, row.problems]));
  expect(problems[2]).toEqual([
    { column: "Price", message: "Price must be an amount in dollars, such as 12.50." },
  ]);
  expect(problems[3]).toEqual([
    { column: "Discount (%)", message: "Discount percentage must be between 0 and 100" },
  ]);
  expect(problems[4]).toEqual([{ column: "Name", message: "Product name is required" }]);
  expect(problems[5]).toEqual([{ column: "Stock code", message: "Stock code A-4 is also on row 6." }]);
  expect(problems[6]).toEqual([{ column: "Stock code", message: "Stock code a-4 is also on row 5." }]);
  expect(problems[7]).toEqual([
    {
      column: "Stock code",
      message:
        'The product "Claw hammer" has this stock code already, and this import only adds new products.',
    },
  ]);
  expect(problems[8]).toEqual([
    {
      column: "Category",
      message:
        'Category "Roofing" does not exist. Tick "Create missing categories and brands" to create it, or add it first.',
    },
    {
      column: "Brand",
      message:
        'Brand "Nobody" does not exist. Tick "Create missing categories and brands" to create it, or add it first.',
    },
  ]);
  expect(problems[9]?.[0]?.column).toBe("Published");
  expect(problems[9]?.[0]?.message).toMatch(/cannot be published/);
  expect(rows.find((row) => row.rowNumber === 10)).toMatchObject({ action: "create", problems: null });
  expect(problems[11]?.[0]).toMatchObject({ column: "Stock code" });
  expect(problems[12]).toEqual([
    { column: "Published", message: "Published must be Yes or No." },
    { column: "Stock status", message: "Stock status must be one of: In Stock, Low Stock, Out of Stock." },
  ]);
  expect(planned).toMatchObject({
    toCreate: 1,
    refused: 10,
    unknownCategories: ["Roofing"],
    unknownBrands: ["Nobody"],
  });
  expect(sheet).toBeDefined();

  // The same sheet in "create and update": the hammer's row is an update, its code its own.
  await db().delete(catalogImports);
  const again = await uploadSheet(
    admin,
    csvOf(HEADERS, [["HM-1", "Claw hammer 20oz", "10", "", "", "", "", ""]]),
  );
  expect(await dryRun(admin, again)).toMatchObject({ toUpdate: 1, refused: 0 });
  const taken = await uploadSheet(
    admin,
    csvOf(HEADERS, [
      ["hm-1", "A new hammer", "10", "", "", "", "", ""],
      ["HM-2", "Claw hammer", "11", "", "", "", "", ""],
    ]),
  );
  await dryRun(admin, taken);
  const takenRows = await planRows(taken);
  // By its code (in another case) the row is the hammer; by name, a product with a code is another's.
  expect(takenRows.map((row) => [row.action, row.matchedBy])).toEqual([
    ["update", "sku"],
    ["create", null],
  ]);
});

test("a stock code taken by another product between the dry run and the apply is refused with its name", async () => {
  const id = await uploadSheet(
    admin,
    csvOf(
      ["SKU", "Name", "Price"],
      [
        ["HM-1", "Claw hammer", "20"],
        ["HM-2", "Mallet", "15"],
      ],
    ),
  );
  expect(await dryRun(admin, id)).toMatchObject({ toCreate: 2 });
  await addProduct({ name: "Someone's hammer", sku: "hm-1" });
  const applied = await applyImport(admin, id);
  expect(applied).toMatchObject({ created: 1, refusedOnApply: 1 });
  expect((await planRows(id))[0]?.applyProblem).toBe("This stock code is already used by Someone's hammer.");
});

test("modes: create only leaves existing products, update only makes none", async () => {
  await addProduct({ name: "Claw hammer", sku: "HM-1", price: 20 });
  const sheet = csvOf(
    ["SKU", "Name", "Price"],
    [
      ["HM-1", "Claw hammer", "22"],
      ["HM-2", "Mallet", "15"],
    ],
  );
  const createOnly = await uploadSheet(admin, sheet);
  expect(await dryRun(admin, createOnly, { mode: "create_only" })).toMatchObject({
    toCreate: 1,
    toUpdate: 0,
    refused: 1,
  });
  const updateOnly = await uploadSheet(admin, sheet);
  const planned = await dryRun(admin, updateOnly, { mode: "update_only" });
  expect(planned).toMatchObject({ toCreate: 0, toUpdate: 1, refused: 1 });
  expect((await planRows(updateOnly))[1]?.problems).toEqual([
    {
      column: "SKU",
      message: "No product has this stock code or name, and this import only changes existing products.",
    },
  ]);
  await applyImport(admin, updateOnly);
  expect(await allProducts()).toMatchObject([{ name: "Claw hammer", price: 22 }]);
});

test("a blank cell leaves a field as it is; (clear) empties it; a required field cannot be cleared", async () => {
  const [timber] = await db().insert(categories).values({ name: "Timber", type: "products" }).returning();
  await addProduct({
    name: "Pine framing",
    sku: "PF-1",
    price: 12,
    description: "Kiln dried",
    unit: "length",
    categoryId: timber?.id,
    originalPrice: 15,
  });
  const id = await uploadSheet(
    admin,
    csvOf(
      ["Stock code", "Name", "Long description", "Unit", "Category", "Original price", "Price"],
      [["PF-1", "", "(clear)", "", "(CLEAR)", "(clear)", "13"]],
    ),
  );
  await dryRun(admin, id);
  await applyImport(admin, id);
  expect(await productBySku("PF-1")).toMatchObject({
    name: "Pine framing",
    description: null,
    unit: "length",
    categoryId: null,
    originalPrice: null,
    price: 13,
  });
  const cleared = await uploadSheet(
    admin,
    csvOf(["Stock code", "Name", "Price"], [["PF-1", "(clear)", "(clear)"]]),
  );
  await dryRun(admin, cleared);
  expect((await planRows(cleared))[0]?.problems).toEqual([
    { column: "Name", message: "Product name is required" },
    { column: "Price", message: "Price is required" },
  ]);
});

test("unknown categories and brands are created only when asked, once each, matched without case", async () => {
  await db().insert(categories).values({ name: "Fixings", type: "products" });
  const sheet = fs.readFileSync(path.join(FIXTURES, "pos-export-quotes-and-blank-rows.csv"));
  const refused = await uploadSheet(admin, sheet, "pos-export.csv");
  const planned = await dryRun(admin, refused);
  expect(planned).toMatchObject({ toCreate: 2, refused: 2, unknownCategories: ["Paint"] });

  const id = await uploadSheet(admin, sheet, "pos-export.csv");
  expect(await dryRun(admin, id, { createMissing: true })).toMatchObject({ toCreate: 4, refused: 0 });
  expect(await db().select().from(categories).where(eq(categories.name, "Paint"))).toEqual([]);
  await applyImport(admin, id);
  const paint = await db().select().from(categories).where(eq(categories.name, "Paint"));
  expect(paint).toHaveLength(1);
  const made = await allProducts();
  expect(made.map((p) => [p.sku, p.name, p.price, p.stockQuantity])).toEqual(
    [
      ["N-12", '12" galvanised nails', 14.9, 1200],
      ["B-7", 'Bracket, angle "heavy" 90mm', 3.5, 85],
      ["P-22", "Paint brush\nsynthetic, 50 mm", 12, 40],
      ["W-9", "Weatherboard primer 4L", 89, 7],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
  );
  expect(made.filter((p) => p.categoryId === paint[0]?.id)).toHaveLength(2);
});

test("the publish gate: a designated product is not published without complete building information", async () => {
  const [sheet] = await db()
    .insert(buildingInfoSheets)
    .values({ title: "GIB plasterboard", classification: "class_1" })
    .returning();
  const product = await addProduct({
    name: "GIB Standard 10mm",
    sku: "GIB-10",
    isPublished: false,
    buildingInfoId: sheet?.id,
  });
  const id = await uploadSheet(admin, csvOf(["Stock code", "Published"], [["GIB-10", "Yes"]]));
  const planned = await dryRun(admin, id);
  expect(planned).toMatchObject({ refused: 1 });
  const [row] = await planRows(id);
  expect(row?.problems?.[0]).toMatchObject({ column: "Published" });
  expect(row?.problems?.[0]?.message).toMatch(/cannot be published/);
  expect((await productBySku("GIB-10"))?.isPublished).toBe(false);
  expect(product.id).toBeDefined();
});

test("the LibreOffice price list (xlsx): its title passed over, codes kept as text, prices read as shown", async () => {
  const sheet = fs.readFileSync(path.join(FIXTURES, "libreoffice-price-list.xlsx"));
  const id = await uploadSheet(admin, sheet, "price-list.xlsx");
  const record = await getImport(id);
  expect(record.columns.filter((c) => c.field).map((c) => [c.header, c.field])).toEqual([
    ["Item Code", "sku"],
    ["Description", "name"],
    ["Sell Price", "price"],
    ["Qty", "stockQuantity"],
    ["Disc %", "discountPercentage"],
  ]);
  const planned = await dryRun(admin, id);
  expect((await previewOf(planned)).unmapped).toEqual(["Column 3", "Updated", "Incl GST"]);
  expect(planned).toMatchObject({ toCreate: 4, refused: 0 });
  await applyImport(admin, id);
  expect((await allProducts()).map((p) => [p.sku, p.price, p.discountPercentage])).toEqual(
    expect.arrayContaining([
      ["00123", 12.5, 15],
      ["A-789", 1234.5, 10],
    ]),
  );
});

test("the same file imported twice changes nothing the second time; an exported catalogue imports as unchanged", async () => {
  const sheet = fs.readFileSync(path.join(FIXTURES, "libreoffice-price-list-utf8.csv"));
  await dryRun(admin, await uploadSheet(admin, sheet)).then((r) => applyImport(admin, r.id));
  const first = await allProducts();
  const second = await uploadSheet(admin, sheet);
  const before = await eventsSoFar();
  expect(await dryRun(admin, second)).toMatchObject({ toCreate: 0, toUpdate: 0, unchanged: 4, refused: 0 });
  await applyImport(admin, second);
  expect(await allProducts()).toEqual(first);
  const events = await eventsSince(before);
  expect(events.filter((event) => event.entityType === "product")).toEqual([]);
  expect(events.at(-1)?.summary).toBe(
    'Imported "catalogue.csv": 0 created, 0 updated, 4 unchanged, 0 refused',
  );

  // The export of the catalogue, imported back: every row is its own product, unchanged.
  const exported = exportCatalogue("csv", { q: "", building: "" });
  const text = await new Response(exported.body).text();
  const roundTrip = await uploadSheet(admin, text, "catalogue_export.csv");
  expect(await dryRun(admin, roundTrip)).toMatchObject({
    toCreate: 0,
    toUpdate: 0,
    unchanged: 4,
    refused: 0,
  });
});

test("a product changed between the dry run and the apply is refused with that reason, not overwritten", async () => {
  const product = await addProduct({ name: "Claw hammer", sku: "HM-1", price: 20 });
  const id = await uploadSheet(admin, csvOf(["SKU", "Price"], [["HM-1", "25"]]));
  await dryRun(admin, id);
  await runCommand(saveProduct, admin, {
    ...PRODUCT_FORM_DEFAULTS,
    intent: "update",
    id: product.id,
    name: "Claw hammer",
    sku: "HM-1",
    price: 21,
    originalPrice: null,
    discountPercentage: 0,
    stockQuantity: 0,
    categoryId: null,
    brandId: null,
    buildingInfoId: null,
    unit: null,
    shortDescription: null,
    description: null,
    imageUrl: null,
    isPublished: true,
    isFeatured: false,
    stockStatus: "In Stock",
  });
  const applied = await applyImport(admin, id);
  expect(applied).toMatchObject({ status: "applied", updated: 0, refusedOnApply: 1 });
  expect((await productBySku("HM-1"))?.price).toBe(21);
  expect((await planRows(id))[0]?.applyProblem).toMatch(/changed after the dry run/);
});

test("stop at the first problem: the rows before it are written, none after", async () => {
  const id = await uploadSheet(
    admin,
    csvOf(
      ["SKU", "Name", "Price"],
      [
        ["A-1", "One", "1"],
        ["A-2", "Two", "x"],
        ["A-3", "Three", "3"],
      ],
    ),
  );
  await dryRun(admin, id, { stopAtFirstProblem: true });
  const stopped = await applyImport(admin, id);
  expect(stopped).toMatchObject({ status: "stopped", created: 1 });
  expect(stopped.failure).toMatch(/Stopped at row 3/);
  expect((await allProducts()).map((p) => p.sku)).toEqual(["A-1"]);
});

test("undo puts back what the import changed and deletes what it made; a product changed since is left on confirmation", async () => {
  await addProduct({ name: "Claw hammer", sku: "HM-1", price: 20 });
  await addProduct({ name: "Mallet", sku: "ML-1", price: 15 });
  const id = await uploadSheet(
    admin,
    csvOf(
      ["SKU", "Name", "Price"],
      [
        ["HM-1", "Claw hammer", "22"],
        ["ML-1", "Mallet", "16"],
        ["SAW-1", "Panel saw", "45"],
        ["SAW-2", "Tenon saw", "38"],
      ],
    ),
  );
  await dryRun(admin, id);
  await applyImport(admin, id);
  // Someone edits the mallet and a new saw after the import.
  await db().update(products).set({ price: 17 }).where(eq(products.sku, "ML-1"));
  await db().update(products).set({ stockQuantity: 5 }).where(eq(products.sku, "SAW-2"));

  const record = await getImport(id);
  const conflicts = await undoConflictsOf(record);
  expect(conflicts.total).toBe(2);
  expect(conflicts.rows.map((r) => [r.rowNumber, r.name])).toEqual([
    [3, "Mallet"],
    [5, "Tenon saw"],
  ]);
  // Not without seeing them.
  await expect(
    runCommand(requestUndo, admin, { id, fileName: record.fileName, conflicts: 0 }),
  ).rejects.toThrow("2 products were changed since the import; look at them before undoing the rest.");
  const undone = await undoImport(admin, id);
  expect(undone).toMatchObject({ status: "undone", undone: 2, undoConflicts: 2 });
  expect((await allProducts()).map((p) => [p.sku, p.price])).toEqual([
    ["HM-1", 20],
    ["ML-1", 17],
    ["SAW-2", 38],
  ]);
  const rows = await planRows(id);
  expect(rows.map((r) => r.undone)).toEqual(["done", "conflict", "done", "conflict"]);
  expect(rows[1]?.undoProblem).toMatch(/changed after the import/);
});

test("the audit log: the import's steps and one event per product, each naming the admin", async () => {
  const before = await eventsSoFar();
  const id = await uploadSheet(
    admin,
    csvOf(
      ["SKU", "Name", "Price"],
      [
        ["A-1", "One", "1"],
        ["A-2", "Two", "2"],
      ],
    ),
  );
  await dryRun(admin, id);
  await applyImport(admin, id);
  const mine = await eventsSince(before);
  expect(mine.filter((e) => e.entityType === "catalog_import").map((e) => e.summary)).toEqual([
    'Uploaded "catalogue.csv" for import',
    'Started the dry run of "catalogue.csv"',
    'Began the dry run of "catalogue.csv"',
    'Checked rows 2–3 of "catalogue.csv" (nothing written to the catalogue)',
    'Checked "catalogue.csv": 2 to create, 0 to update, 0 unchanged, 0 refused',
    'Asked for "catalogue.csv" to be imported',
    'Began importing "catalogue.csv"',
    'Imported rows 2–3 of "catalogue.csv"',
    'Imported "catalogue.csv": 2 created, 0 updated, 0 unchanged, 0 refused',
  ]);
  expect(mine.every((e) => e.actorName === "Ira Admin" && e.actorRole === "admin")).toBe(true);
  // One step's events share its transaction's time: they are compared as a set.
  expect(
    mine
      .filter((e) => e.entityType === "product")
      .map((e) => [e.action, e.summary])
      .sort(),
  ).toEqual([
    ["create", 'Created product "One"'],
    ["create", 'Created product "Two"'],
  ]);
  expect(mine.filter((e) => e.action === "import").map((e) => e.summary)).toEqual([
    'Asked for "catalogue.csv" to be imported',
    'Imported rows 2–3 of "catalogue.csv"',
    'Imported "catalogue.csv": 2 created, 0 updated, 0 unchanged, 0 refused',
  ]);
  const asked = mine.find((e) => e.summary.startsWith("Asked for"));
  expect(asked?.changes?.mapping?.after).toEqual(["SKU → sku", "Name → name", "Price → price"]);
});

test("a restart in the middle of an apply goes on from the first row not applied, none applied twice", async () => {
  const rows = Array.from({ length: 600 }, (_, i) => [
    `R-${String(i + 1).padStart(4, "0")}`,
    `Rod ${i + 1}`,
    String(i + 1),
  ]);
  const sheet = csvOf(["SKU", "Name", "Price"], rows);

  const before = await eventsSoFar();
  const id = await uploadSheet(admin, sheet);
  await dryRun(admin, id);
  await applyImport(admin, id, { run: false });
  await work("first-process", 1);
  const partway = await getImport(id);
  expect(partway).toMatchObject({ status: "applying", created: 250, lockedBy: "first-process" });
  // The first process stops: its claim runs out unrenewed.
  await db()
    .update(catalogImports)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(catalogImports.id, id));
  expect(await progressOf(await getImport(id))).toMatchObject({ done: 250, total: 600 });
  await work("second-process");
  const done = await getImport(id);
  expect(done).toMatchObject({ status: "applied", created: 600 });

  const stored = await allProducts();
  expect(stored).toHaveLength(600);
  expect(new Set(stored.map((p) => p.sku)).size).toBe(600);
  const created = (await eventsSince(before)).filter(
    (e) => e.entityType === "product" && e.action === "create",
  );
  expect(created).toHaveLength(600);
  expect(new Set(created.map((e) => e.entityId)).size).toBe(600);
  const resumed = await db()
    .select({ summary: auditEvents.summary })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, id));
  expect(resumed.map((e) => e.summary)).toContain(
    'Resumed importing "catalogue.csv" after row 251: the server had stopped',
  );

  // A clean run of the same file gives the same catalogue.
  const byRestart = stored.map(({ id: _id, slug: _slug, createdAt: _c, updatedAt: _u, ...rest }) => rest);
  await db().delete(products);
  const clean = await uploadSheet(admin, sheet);
  await dryRun(admin, clean);
  await applyImport(admin, clean);
  const byCleanRun = (await allProducts()).map(
    ({ id: _id, slug: _slug, createdAt: _c, updatedAt: _u, ...rest }) => rest,
  );
  expect(byCleanRun).toEqual(byRestart);
});

test("two imports at once: the second waits behind the first, and says so", async () => {
  const first = await uploadSheet(
    admin,
    csvOf(
      ["SKU", "Name", "Price"],
      Array.from({ length: 300 }, (_, i) => [`F-${i}`, `First ${i}`, "1"]),
    ),
    "first.csv",
  );
  const second = await uploadSheet(
    admin,
    csvOf(["SKU", "Name", "Price"], [["S-1", "Second", "2"]]),
    "second.csv",
  );
  await dryRun(admin, first);
  await dryRun(admin, second);
  await applyImport(admin, first, { run: false });
  await applyImport(admin, second, { run: false });
  await work("one", 1);
  expect(await getImport(first)).toMatchObject({ status: "applying", created: 250 });
  expect(await getImport(second)).toMatchObject({ status: "applying", created: 0 });
  expect((await progressOf(await getImport(second)))?.waitingFor).toEqual({
    id: first,
    fileName: "first.csv",
  });
  // Another process finds the first held, so takes nothing.
  await work("two");
  expect(await getImport(second)).toMatchObject({ created: 0 });
  await work("one");
  expect(await getImport(first)).toMatchObject({ status: "applied", created: 300 });
  expect(await getImport(second)).toMatchObject({ status: "applied", created: 1 });
});

test("the report: the file's own rows with a Problem column, formula cells made harmless", async () => {
  const id = await uploadSheet(
    admin,
    csvOf(
      ["SKU", "Name", "Price", "Notes"],
      [
        ["A-1", '=HYPERLINK("http://evil")', "x", "kept"],
        ["A-2", "Fine", "2", "@SUM(1)"],
      ],
    ),
  );
  await dryRun(admin, id);
  const text = Buffer.from(await new Response(importReport(await getImport(id))).arrayBuffer()).toString(
    "utf8",
  );
  expect(text.split("\r\n")).toEqual([
    '\uFEFF"SKU","Name","Price","Notes","Problem"',
    '"A-1","\'=HYPERLINK(""http://evil"")","x","kept","Price: Price must be an amount in dollars, such as 12.50."',
    '"A-2","Fine","2","\'@SUM(1)",""',
    "",
  ]);
});

test("a row the plan refused is in the report; the plan rows hold the file's own cells", async () => {
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price"], [["A-1", "One", ""]]));
  await dryRun(admin, id);
  const [row] = await db().select().from(catalogImportRows).where(eq(catalogImportRows.importId, id));
  expect(row).toMatchObject({ cells: ["A-1", "One", ""], action: "refused" });
  expect(row?.problems).toEqual([{ column: "Price", message: "Price is required" }]);
});

test("a step that keeps failing is tried again, then the import fails with the reason and how far it got", async () => {
  const rows = Array.from({ length: 300 }, (_, i) => [`B-${i}`, i === 280 ? "Boom" : `Bolt ${i}`, "1"]);
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price"], rows));
  await dryRun(admin, id);
  // The database refuses one product of the second step, as a failing disk or a bug would.
  await db().execute(
    sql`create function refuse_boom() returns trigger language plpgsql as $$ begin if new.name = 'Boom' then raise exception 'disk full'; end if; return new; end $$`,
  );
  await db().execute(
    sql`create trigger refuse_boom before insert on products for each row execute function refuse_boom()`,
  );
  try {
    await applyImport(admin, id);
    expect(await getImport(id)).toMatchObject({
      status: "applying",
      created: 250,
      attempts: 1,
      lockedBy: null,
    });
    for (const attempt of [2, 3]) {
      // The pause before the next attempt is over.
      await db()
        .update(catalogImports)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(catalogImports.id, id));
      await work();
      expect((await getImport(id)).attempts).toBe(attempt === 3 ? 0 : attempt);
    }
    const failed = await getImport(id);
    expect(failed).toMatchObject({ status: "failed", created: 250, lockedBy: null, lockedUntil: null });
    expect(failed.failure).toMatch(/disk full/);
    expect(failed.failure).toMatch(/250 products were written before it stopped\.$/);
    expect(await allProducts()).toHaveLength(250);
  } finally {
    await db().execute(sql`drop trigger refuse_boom on products`);
    await db().execute(sql`drop function refuse_boom()`);
  }
  // What it wrote can be undone.
  expect(await undoImport(admin, id)).toMatchObject({ status: "undone", undone: 250 });
  expect(await allProducts()).toEqual([]);
});

test("a job whose admin is no longer an active admin stops, saying why", async () => {
  const other = await createUser({
    email: "sam@example.nz",
    name: "Sam Admin",
    role: "admin",
    password: "correct horse battery staple",
  });
  const sam = await staffActorOf(other.id);
  const id = await uploadSheet(sam, csvOf(["SKU", "Name", "Price"], [["A-1", "One", "1"]]));
  await dryRun(sam, id);
  await applyImport(sam, id, { run: false });
  await setUserActive(other.id, false);
  await work();
  const failed = await getImport(id);
  expect(failed).toMatchObject({ status: "failed", created: 0 });
  expect(failed.failure).toMatch(/^Sam Admin is no longer an active admin/);
  expect(await allProducts()).toEqual([]);
});

test("a column profile saved by name is offered for the next file with those headers", async () => {
  await runCommand(saveImportProfile, admin, {
    name: "Kauri POS",
    columns: [
      { header: "Item", field: "sku" },
      { header: "Desc", field: "name" },
      { header: "Sell", field: "price" },
      { header: "Updated", field: null },
    ],
    mode: "update_only",
    createMissing: false,
  });
  // Saved again under the same name in another case: replaced, not doubled.
  await runCommand(saveImportProfile, admin, {
    name: "kauri pos",
    columns: [
      { header: "Item", field: "sku" },
      { header: "Desc", field: "name" },
      { header: "Sell", field: "price" },
    ],
    mode: "update_only",
    createMissing: false,
  });
  const profiles = await listProfiles();
  expect(profiles.map((p) => p.name)).toEqual(["kauri pos"]);
  const headers = ["ITEM", "Desc", "Sell", "Qty"];
  const profile = profileFor(profiles, headers);
  expect(profile?.name).toBe("kauri pos");
  expect(fieldsFromProfile(profile as NonNullable<typeof profile>, headers)).toEqual([
    "sku",
    "name",
    "price",
    null,
  ]);
  expect(profileFor(profiles, ["Code", "Name"])).toBeNull();
});

test("the worker in the server process does a job as soon as it is asked for", async () => {
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price"], [["W-1", "Washer", "0.20"]]));
  startImportWorker({ intervalMs: 60_000 });
  try {
    const record = await getImport(id);
    await runCommand(startDryRun, admin, {
      id,
      fileName: record.fileName,
      fields: record.columns.map((column) => column.field),
      mode: "create_update",
      createMissing: false,
      stopAtFirstProblem: false,
    });
    await vi.waitFor(async () => expect((await getImport(id)).status).toBe("planned"), { timeout: 60_000 });
    await runCommand(requestApply, admin, { id, fileName: record.fileName });
    await vi.waitFor(async () => expect((await getImport(id)).status).toBe("applied"), { timeout: 60_000 });
  } finally {
    await stopImportWorker();
  }
  expect((await productBySku("W-1"))?.price).toBe(0.2);
}, 150_000);

/** Each thread of this process's nice value (Linux: a thread's priority is its own). */
function threadNiceValues() {
  return fs.readdirSync("/proc/self/task").map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    // After the command's name in parentheses: state is field 3, nice field 19.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

/** A page cache that notes what it is told, "stale" or "empty", in `heard`. */
function listeningCache(heard: string[]) {
  const cache = createPageCache({ maxBytes: 1000, maxAgeMs: 1000 });
  const { markStale, invalidate } = cache;
  cache.markStale = () => {
    heard.push("stale");
    markStale();
  };
  cache.invalidate = () => {
    heard.push("empty");
    invalidate();
  };
  return cache;
}

const heardHere: string[] = [];
const heardElsewhere: string[] = [];

/** A page-cache listener on this test's database: this process's (`includeOwn` false) or another's. */
async function listenFor(heard: string[], includeOwn: boolean) {
  const url = database.current.url;
  if (!url) throw new Error("no PostgreSQL address");
  const listener = startInvalidationListener({ url, cache: listeningCache(heard), includeOwn });
  await listener.ready;
  return listener;
}

test("the server's worker (in a thread of its own, at the lowest priority) applies what the preview said and tells this thread's page cache", async () => {
  const rows = Array.from({ length: 600 }, (_, i) => [`WT-${i}`, `Threaded tie ${i}`, `${(i % 40) + 1}.25`]);
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price"], rows));
  const cache = getPageCache();
  // What the cache is told, in order: "stale" (a gradual change) or "empty" (all at once).
  const heard: string[] = [];
  const { markStale, invalidate } = cache;
  cache.markStale = () => {
    heard.push("stale");
    markStale();
  };
  cache.invalidate = () => {
    heard.push("empty");
    invalidate();
  };
  // On PostgreSQL, this process's listener (which passes by what its thread told it already) and
  // another process's (which hears every notice).
  const listeners = onPostgres
    ? [await listenFor(heardHere, false), await listenFor(heardElsewhere, true)]
    : [];
  startImportWorker({ intervalMs: 60_000 });
  try {
    expect(importWorkerInThread()).toBe(true);
    const record = await getImport(id);
    await runCommand(startDryRun, admin, {
      id,
      fileName: record.fileName,
      fields: record.columns.map((column) => column.field),
      mode: "create_update",
      createMissing: false,
      stopAtFirstProblem: false,
    });
    await vi.waitFor(async () => expect((await getImport(id)).status).toBe("planned"), { timeout: 60_000 });
    if (process.platform === "linux") expect(threadNiceValues()).toContain(19);
    const planned = await getImport(id);
    expect(planned).toMatchObject({ toCreate: 600, refused: 0 });
    expect(await allProducts()).toEqual([]);
    expect(heard).toEqual([]);
    const preview = await previewOf(planned);
    await runCommand(requestApply, admin, { id, fileName: record.fileName });
    await vi.waitFor(async () => expect((await getImport(id)).status).toBe("applied"), { timeout: 60_000 });
    // 600 rows in steps of 250: a notice per batch, then the apply's end, all in this thread's cache.
    await vi.waitFor(() => expect(heard).toEqual(["stale", "stale", "stale", "empty"]), { timeout: 10_000 });
    if (onPostgres) {
      await vi.waitFor(() => expect(heardElsewhere).toEqual(["stale", "stale", "stale", "empty"]), {
        timeout: 10_000,
      });
      expect(heardHere).toEqual([]);
    }
    expect(await getImport(id)).toMatchObject({ created: 600, updated: 0 });
    // The preview's rows as it showed them, and every planned row as the plan holds it.
    expect(preview.changed).toHaveLength(50);
    for (const row of preview.changed) {
      const stored = await productBySku(`WT-${row.rowNumber - 2}`);
      expect(row).toMatchObject({ action: "create", name: stored?.name });
      expect(row.changes).toContainEqual({ field: "Price", before: "—", after: stored?.price.toFixed(2) });
    }
    const plan = await planRows(id);
    expect(plan).toHaveLength(600);
    for (const row of plan) {
      const [stored] = await db()
        .select()
        .from(products)
        .where(eq(products.id, row.productId as string));
      expect(stored).toMatchObject({ ...row.after?.fields });
    }
  } finally {
    await stopImportWorker();
    for (const listener of listeners) await listener.stop();
    cache.markStale = markStale;
    cache.invalidate = invalidate;
  }
}, 150_000);

test("a dry run taken over part-way goes on after its last row, still seeing the rows before", async () => {
  const rows = Array.from({ length: 2500 }, (_, i) => [`D-${i}`, `Dowel ${i}`, "1"]);
  // Row 11 and row 2,001 share a code, across the restart.
  rows[1999] = ["D-9", "Dowel again", "1"];
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price"], rows));
  const record = await getImport(id);
  await runCommand(startDryRun, admin, {
    id,
    fileName: record.fileName,
    fields: record.columns.map((column) => column.field),
    mode: "create_update",
    createMissing: false,
    stopAtFirstProblem: false,
  });
  await work("first-process", 1);
  expect(await getImport(id)).toMatchObject({ status: "planning", jobCursor: 1001, jobRowsDone: 1000 });
  await db()
    .update(catalogImports)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(catalogImports.id, id));
  await work("second-process");
  const planned = await getImport(id);
  expect(planned).toMatchObject({ status: "planned", rowsTotal: 2500, toCreate: 2498, refused: 2 });
  const refused = (await planRows(id)).filter((row) => row.action === "refused");
  expect(refused.map((row) => [row.rowNumber, row.problems])).toEqual([
    [11, [{ column: "SKU", message: "Stock code D-9 is also on row 2001." }]],
    [2001, [{ column: "SKU", message: "Stock code D-9 is also on row 11." }]],
  ]);
  expect(await db().select().from(products)).toEqual([]);
});

test("the page cache hears of an import once per batch written, as a gradual change, and all at once at its end", async () => {
  const rows = Array.from({ length: 600 }, (_, i) => [
    `PC-${i}`,
    `Cached product ${i}`,
    "9.50",
    `Cache category ${i % 7}`,
  ]);
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price", "Category"], rows));
  await dryRun(admin, id, { createMissing: true });
  const cache = getPageCache();
  // What the cache is told, in order: "stale" (a gradual change) or "empty" (all at once).
  const heard: string[] = [];
  const { markStale, invalidate } = cache;
  cache.markStale = () => {
    heard.push("stale");
    markStale();
  };
  cache.invalidate = () => {
    heard.push("empty");
    invalidate();
  };
  try {
    const applied = await applyImport(admin, id);
    expect(applied).toMatchObject({ status: "applied", created: 600 });
  } finally {
    cache.markStale = markStale;
    cache.invalidate = invalidate;
  }
  // 600 rows in steps of 250: three batches, each one notice (its products and the categories
  // it created together), then the apply's end.
  expect(heard).toEqual(["stale", "stale", "stale", "empty"]);
});

test("undo also deletes the categories and brands the import created, unless something else uses them now", async () => {
  const id = await uploadSheet(
    admin,
    csvOf(
      ["SKU", "Name", "Price", "Category", "Brand"],
      [
        ["U-1", "Macrocarpa sleeper", "40", "Landscaping timber", "Southern Woods"],
        ["U-2", "Gabion basket", "120", "Retaining", "Southern Woods"],
      ],
    ),
  );
  await dryRun(admin, id, { createMissing: true });
  await applyImport(admin, id);
  const made = await db().select().from(categories).orderBy(asc(categories.name));
  expect(made.map((c) => c.name)).toEqual(["Landscaping timber", "Retaining"]);
  expect((await db().select().from(brands)).map((b) => b.name)).toEqual(["Southern Woods"]);
  // Since the import, a case study was filed under one of its categories.
  const retaining = made.find((c) => c.name === "Retaining");
  await db().insert(caseStudies).values({ title: "A retaining wall in Thames", categoryId: retaining?.id });

  const before = await eventsSoFar();
  expect(await undoImport(admin, id)).toMatchObject({ status: "undone", undone: 2 });
  expect(await db().select().from(products)).toEqual([]);
  expect((await db().select().from(categories)).map((c) => c.name)).toEqual(["Retaining"]);
  expect(await db().select().from(brands)).toEqual([]);
  const deleted = (await eventsSince(before))
    .filter((e) => e.action === "delete" && (e.entityType === "category" || e.entityType === "brand"))
    .map((e) => [e.entityType, e.summary])
    .sort();
  expect(deleted).toEqual([
    ["brand", 'Deleted brand "Southern Woods"'],
    ["category", 'Deleted category "Landscaping timber"'],
  ]);
  await db().delete(caseStudies);
});

test("an import left at its mapping or preview for two weeks is discarded by the server's sweep, its files with it", async () => {
  const old = await uploadSheet(
    admin,
    csvOf(["SKU", "Name", "Price"], [["S-1", "Left behind", "5"]]),
    "old.csv",
  );
  const recent = await uploadSheet(
    admin,
    csvOf(["SKU", "Name", "Price"], [["S-2", "Still wanted", "5"]]),
    "new.csv",
  );
  await dryRun(admin, old);
  const [stored] = await db().select().from(catalogImports).where(eq(catalogImports.id, old));
  const file = path.join(database.current.storageRoot, stored?.filePath as string);
  expect(fs.existsSync(file)).toBe(true);
  await db()
    .update(catalogImports)
    .set({ updatedAt: sql`now() - interval '15 days'` })
    .where(eq(catalogImports.id, old));

  const stop = startImportSweeper({ delayMs: 10, intervalMs: 60_000 });
  try {
    await expect.poll(async () => (await getImport(old)).status, { timeout: 30_000 }).toBe("discarded");
  } finally {
    await stop();
  }
  expect(fs.existsSync(file)).toBe(false);
  expect(await planRows(old)).toEqual([]);
  expect((await getImport(recent)).status).toBe("mapping");
  const [event] = (await eventsSince(new Set())).filter(
    (e) => e.entityId === old && e.summary.startsWith("Discarded"),
  );
  expect(event).toMatchObject({ summary: 'Discarded the import of "old.csv"', actorName: "import sweep" });
});

test("an apply lets the process answer other work between its steps, not only once it is done", async () => {
  const rows = Array.from({ length: 600 }, (_, i) => [`T-${i}`, `Tie ${i}`, "2"]);
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price"], rows));
  await dryRun(admin, id);
  await applyImport(admin, id, { run: false });
  // What a page asked for meanwhile waits on: a turn of the event loop (a timer, a socket).
  let steps = 0;
  let stepsWhenAnswered: number | null = null;
  setImmediate(() => {
    stepsWhenAnswered = steps;
  });
  await runImportJobs({ worker: "test-worker", stopping: () => false, step: () => ++steps > 0 });
  // Before the job's last step, not after it (PGlite answers a query without such a turn).
  expect(await getImport(id)).toMatchObject({ status: "applied", created: 600 });
  expect(steps).toBe(3);
  expect(stepsWhenAnswered).not.toBeNull();
  expect(stepsWhenAnswered).toBeLessThan(3);
});

test("an apply that rests between its steps stops during a rest, and goes on from there later", async () => {
  const rows = Array.from({ length: 600 }, (_, i) => [`R-${i}`, `Rafter ${i}`, "3"]);
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price"], rows));
  await dryRun(admin, id);
  await applyImport(admin, id, { run: false });
  // A rest far longer than the test waits, which asks whether to stop before each of its slices:
  // the third time it asks after the first step, it is told to. Without a rest the job would go
  // on to a second step at once; without the stop being heard, the test would never end.
  let steps = 0;
  let asked = 0;
  await runImportJobs({
    worker: "test-worker",
    restShare: 1_000_000,
    stopping: () => steps > 0 && ++asked >= 3,
    step: () => {
      steps += 1;
      return true;
    },
  });
  expect(steps).toBe(1);
  expect(await getImport(id)).toMatchObject({ status: "applying", created: 250 });
  expect(await db().select({ id: products.id }).from(products).where(like(products.sku, "R-%"))).toHaveLength(
    250,
  );
  // The same worker goes on from the first row not written, with no rest.
  await work();
  expect(await getImport(id)).toMatchObject({ status: "applied", created: 600 });
  expect(await db().select({ id: products.id }).from(products).where(like(products.sku, "R-%"))).toHaveLength(
    600,
  );
});

test("a large import into a new catalogue brings the planner's statistics of products up to date", async () => {
  // A new catalogue, as a trader who moves in has: no products, statistics of an empty table.
  await db().execute(sql`vacuum products`);
  const description = "Kiln dried radiata pine, machine stress graded, for framing walls and roofs. ".repeat(
    4,
  );
  const rows = Array.from({ length: 1000 }, (_, i) => [`S-${i}`, `Stud ${i}`, "4.20", description]);
  const id = await uploadSheet(admin, csvOf(["SKU", "Name", "Price", "Long description"], rows));
  await dryRun(admin, id);
  expect(await applyImport(admin, id)).toMatchObject({ status: "applied", created: 1000 });
  // The statistics the planner chose the slug trigger's lookup by count the products imported
  // (an empty table's, a read of the whole table per new product, made it ever slower).
  const result = await db().execute(sql`select reltuples from pg_class where oid = 'products'::regclass`);
  const [stats] = (result as unknown as { rows: { reltuples: number }[] }).rows;
  expect(Number(stats?.reltuples)).toBeGreaterThanOrEqual(250);
});
