// Building Info through its route actions and loaders, as the browser posts them: sheets created
// and saved (each save keeping the version it replaces), refused input (400, nothing written),
// the link to a product, the publish gate in the catalogue's action, and the dashboard's count.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { getProductsMissingBuildingInfo } from "~/modules/dashboard/queries.server";
import { listAdminProducts } from "~/modules/products/admin.server";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { action as catalogAction } from "~/routes/admin/catalog";
import { action as sheetAction, loader as sheetLoader } from "~/routes/admin/catalog/building-info-sheet";
import { action as listAction, loader as listLoader } from "~/routes/admin/catalog/building-information";
import { buildingInfoSheets, buildingInfoVersions, products } from "~/server/db/schema";
import { cookieFor, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;

type RouteFn = (args: never) => unknown;

async function post(
  fn: RouteFn,
  path: string,
  fields: Record<string, string> | [string, string][],
  options: { role?: Role | null; params?: Record<string, string> } = {},
) {
  const role = options.role === undefined ? "admin" : options.role;
  const headers: Record<string, string> = {};
  if (role) headers.cookie = await cookieFor(role, "bpir");
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  return settle(() => fn({ request, params: options.params ?? {}, context: {} } as never));
}

async function get(fn: RouteFn, path: string, role: Role | null, params: Record<string, string> = {}) {
  const headers: Record<string, string> = {};
  if (role) headers.cookie = await cookieFor(role, "bpir");
  return settle(() =>
    fn({ request: new Request(`http://localhost${path}`, { headers }), params, context: {} } as never),
  );
}

async function createSheet(title: string, role: Role = "admin") {
  const result = await post(
    listAction,
    "/admin/catalog/building-information",
    { intent: "create", title },
    { role },
  );
  expect(result.status).toBe(302);
  const id = result.location?.split("/").pop() ?? "";
  expect(result.location).toBe(`/admin/catalog/building-information/${id}`);
  return id;
}

/** Every field a Class 1 sheet needs, as the editor posts them. */
function completeClass1(overrides: Record<string, string> = {}): [string, string][] {
  const fields: Record<string, string> = {
    intent: "save",
    title: "Pine framing",
    classification: "class_1",
    responsibility: "manufacturer",
    description: "Treated pine framing timber.",
    intendedUse: "Wall and floor framing.",
    "identifiers[0].kind": "gtin",
    "identifiers[0].value": "9421902960147",
    partyLegalName: "Kauri Mills Limited",
    partyNzbn: "9429041234567",
    partyAddress: "1 Mill Road, Rotorua",
    partyPhone: "07 000 0000",
    "codeClauses[0].clause": "B1",
    "codeClauses[0].contribution": "Carries structural loads.",
    "codeClauses[0].limitations": "Within NZS 3604 only.",
    "codeClauses[0].pathway": "acceptable_solution",
    scopeOfUse: "Timber-framed buildings.",
    requirementsDocumentUrl: "https://example.nz/framing-guide.pdf",
    reviewedOn: "2026-03-01",
    ...overrides,
  };
  return Object.entries(fields);
}

function saveSheet(id: string, fields: [string, string][], role: Role = "admin") {
  return post(sheetAction, `/admin/catalog/building-information/${id}`, fields, { role, params: { id } });
}

async function sheetRow(id: string) {
  const [row] = await db().select().from(buildingInfoSheets).where(eq(buildingInfoSheets.id, id));
  return row;
}

function productForm(overrides: Record<string, string>) {
  return { ...PRODUCT_FORM_DEFAULTS, intent: "create", ...overrides };
}

async function product(name: string) {
  const [row] = await db().select().from(products).where(eq(products.name, name));
  return row;
}

const fieldErrors = (body: unknown) => (body as { result: { error: Record<string, string[]> } }).result.error;

test("a sheet is created from its title and saved with every field, each save keeping the version it replaces", async () => {
  const id = await createSheet("Pine framing draft");
  expect(await sheetRow(id)).toMatchObject({
    title: "Pine framing draft",
    version: 1,
    classification: "not_designated",
  });

  const first = await saveSheet(id, completeClass1());
  expect(first.status).toBe(302);
  const saved = await sheetRow(id);
  expect(saved).toMatchObject({
    title: "Pine framing",
    classification: "class_1",
    version: 2,
    identifiers: [{ kind: "gtin", value: "9421902960147" }],
    responsibleParty: { legalName: "Kauri Mills Limited", nzbn: "9429041234567", tradingNames: [] },
    manufacturer: null,
    codeClauses: [{ clause: "B1", pathway: "acceptable_solution" }],
    reviewedOn: "2026-03-01",
  });

  await saveSheet(id, completeClass1({ title: "Pine framing H1.2" }));
  const versions = await db()
    .select()
    .from(buildingInfoVersions)
    .where(eq(buildingInfoVersions.sheetId, id))
    .orderBy(buildingInfoVersions.version);
  expect(versions.map((v) => [v.version, v.content.title, v.supersededBy])).toEqual([
    [1, "Pine framing draft", "admin person"],
    [2, "Pine framing", "admin person"],
  ]);
  expect((await sheetRow(id))?.version).toBe(3);

  const page = await get(sheetLoader, `/admin/catalog/building-information/${id}`, "admin", { id });
  expect(page.body).toMatchObject({
    completeness: { state: "complete" },
    versions: [{ version: 2 }, { version: 1 }],
  });
});

test("bad input is refused with its messages (400) and nothing is written", async () => {
  const id = await createSheet("Decking");
  const refused = await saveSheet(
    id,
    completeClass1({
      title: " ",
      "identifiers[0].value": "9421902960148",
      partyNzbn: "12345",
      partyEmail: "not-an-address",
      "codeClauses[0].limitations": "",
      requirementsDocumentUrl: "javascript:alert(1)",
    }),
  );
  expect(refused.status).toBe(400);
  expect(fieldErrors(refused.body)).toMatchObject({
    title: ["Give the sheet a title"],
    "identifiers[0].value": ["A GTIN has 8, 12, 13 or 14 digits and a correct check digit"],
    partyNzbn: ["An NZBN has 13 digits"],
    partyEmail: [expect.stringContaining("e-mail")],
    "codeClauses[0].limitations": [expect.stringContaining("limitations")],
    requirementsDocumentUrl: [expect.stringContaining("https://")],
  });
  expect(await sheetRow(id)).toMatchObject({
    title: "Decking",
    version: 1,
    classification: "not_designated",
  });
  expect(await db().select().from(buildingInfoVersions).where(eq(buildingInfoVersions.sheetId, id))).toEqual(
    [],
  );

  const untitled = await post(listAction, "/admin/catalog/building-information", {
    intent: "create",
    title: "",
  });
  expect(untitled.status).toBe(400);
});

test("the publish gate: an incomplete designated sheet keeps its product from being published, even by a forged post", async () => {
  const id = await createSheet("Cladding sheet");
  await saveSheet(id, completeClass1({ title: "Cladding sheet", description: "" }));
  // A forged post, as curl would send it: isPublished=on with the incomplete sheet.
  const forged = await post(
    catalogAction,
    "/admin/catalog",
    productForm({ name: "Weatherboard", buildingInfoId: id, isPublished: "on" }),
  );
  expect(forged.status).toBe(400);
  expect(fieldErrors(forged.body).isPublished?.[0]).toMatch(/cannot be published.*Missing: description/);
  expect(await product("Weatherboard")).toBeUndefined();

  // As a draft it may be saved and linked.
  const draft = await post(
    catalogAction,
    "/admin/catalog",
    productForm({ name: "Weatherboard", buildingInfoId: id, isPublished: "" }),
  );
  expect(draft.status).toBe(302);
  const stored = await product("Weatherboard");
  expect(stored).toMatchObject({ buildingInfoId: id, isPublished: false });

  const publish = await post(
    catalogAction,
    "/admin/catalog",
    productForm({
      intent: "update",
      id: stored?.id ?? "",
      name: "Weatherboard",
      buildingInfoId: id,
      isPublished: "on",
    }),
    { role: "sales" },
  );
  expect(publish.status).toBe(400);
  expect((await product("Weatherboard"))?.isPublished).toBe(false);

  // Completed, the sheet lets it be published.
  await saveSheet(id, completeClass1({ title: "Cladding sheet" }));
  const allowed = await post(
    catalogAction,
    "/admin/catalog",
    productForm({
      intent: "update",
      id: stored?.id ?? "",
      name: "Weatherboard",
      buildingInfoId: id,
      isPublished: "on",
    }),
  );
  expect(allowed.status).toBe(302);
  expect((await product("Weatherboard"))?.isPublished).toBe(true);
  const listed = await listAdminProducts({ page: 1, q: "Weatherboard" });
  expect(listed.rows[0]).toMatchObject({ buildingInfoId: id, buildingInfo: "complete" });

  // Saving the sheet incomplete again is refused while a published product uses it.
  const undone = await saveSheet(id, completeClass1({ title: "Cladding sheet", intendedUse: "" }));
  expect(undone.status).toBe(400);
  expect(JSON.stringify(undone.body)).toMatch(/1 published product uses this sheet.*Missing: intended use/);
  expect((await sheetRow(id))?.intendedUse).toBe("Wall and floor framing.");
});

test("a reseller's sheet with the manufacturer's published information lets its product be published", async () => {
  const id = await createSheet("Resold membrane");
  await saveSheet(id, [
    ["intent", "save"],
    ["title", "Resold membrane"],
    ["classification", "class_2"],
    ["responsibility", "reseller"],
    ["sourceUrl", "https://maker.example/membrane/bpi"],
  ]);
  const result = await post(
    catalogAction,
    "/admin/catalog",
    productForm({ name: "Roof membrane", buildingInfoId: id, isPublished: "on" }),
  );
  expect(result.status).toBe(302);
  expect(await product("Roof membrane")).toMatchObject({ isPublished: true, buildingInfoId: id });
  expect((await listAdminProducts({ page: 1, q: "Roof membrane" })).rows[0]?.buildingInfo).toBe("linked");
});

test("the dashboard counts published products without a sheet or with a blocking one, and the catalogue filters them", async () => {
  const before = await getProductsMissingBuildingInfo();
  const blocking = await createSheet("Blocking sheet");
  await saveSheet(blocking, completeClass1({ title: "Blocking sheet", scopeOfUse: "" }));
  const exempt = await createSheet("Nails");
  await db()
    .insert(products)
    .values([
      { name: "Gap no sheet", price: 1, isPublished: true },
      { name: "Gap draft", price: 1, isPublished: false },
      { name: "Gap exempt", price: 1, isPublished: true, buildingInfoId: exempt },
      // Written around the gate, as data from before it would be.
      { name: "Gap blocked", price: 1, isPublished: true, buildingInfoId: blocking },
    ]);
  expect(await getProductsMissingBuildingInfo()).toBe(before + 2);
  const filtered = await listAdminProducts({ page: 1, q: "Gap", building: "missing" });
  expect(filtered.rows.map((r) => r.name).sort()).toEqual(["Gap blocked", "Gap no sheet"]);
  expect(filtered.rows.find((r) => r.name === "Gap blocked")?.buildingInfo).toBe("incomplete");
});

test("deleting a sheet unlinks its products", async () => {
  const id = await createSheet("Short-lived");
  await db()
    .insert(products)
    .values({ name: "Linked post", price: 1, isPublished: false, buildingInfoId: id });
  const wrongId = await saveSheet(id, [
    ["intent", "delete"],
    ["id", "00000000-0000-4000-8000-000000000000"],
  ]);
  expect(wrongId.status).toBe(404);
  const deleted = await saveSheet(id, [
    ["intent", "delete"],
    ["id", id],
  ]);
  expect(deleted.status).toBe(302);
  expect(deleted.location).toBe("/admin/catalog/building-information");
  expect(await sheetRow(id)).toBeUndefined();
  expect((await product("Linked post"))?.buildingInfoId).toBeNull();
});

test("sales may use the screens; a signed-in customer and an anonymous visitor may not", async () => {
  const id = await createSheet("Sales sheet", "sales");
  expect((await saveSheet(id, completeClass1({ title: "Sales sheet" }), "sales")).status).toBe(302);
  const list = await get(listLoader, "/admin/catalog/building-information?q=Sales", "sales");
  expect(list.body).toMatchObject({
    list: { rows: [{ title: "Sales sheet", completeness: "complete", version: 2 }] },
  });

  const customer = await get(listLoader, "/admin/catalog/building-information", "user");
  expect(customer).toMatchObject({ status: 302, location: "/account" });
  const anonymous = await get(sheetLoader, `/admin/catalog/building-information/${id}`, null, { id });
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toMatch(/^\/auth\?redirectTo=/);
  const forged = await post(
    sheetAction,
    `/admin/catalog/building-information/${id}`,
    completeClass1({ title: "Hacked" }),
    {
      role: "user",
      params: { id },
    },
  );
  expect(forged.status).toBe(403);
  expect((await sheetRow(id))?.title).toBe("Sales sheet");
});
