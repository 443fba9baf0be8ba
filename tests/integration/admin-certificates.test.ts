// A certification's certificate details through the back office's loader and action: what is
// stored (dates, scheme, register, standing, the products covered, replaced on edit), what is
// refused (400, a message, nothing written), "checked against the register today", the status
// in the list and its filter; and the public page, which lists only current and expiring
// certificates as the clock moves.
import { and, count, eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { nzToday } from "~/lib/nz-date";
import { listAdminCertifications } from "~/modules/certifications/admin.server";
import { getCertificationsPage } from "~/modules/certifications/queries.server";
import { action, loader } from "~/routes/admin/certifications";
import { auditEvents, certificationProducts, certifications, products } from "~/server/db/schema";
import { fieldErrorsOf, getLoader, postAction, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const PATH = "/admin/certifications";

// Every field of the dialog as the browser posts it (the product checkboxes post nothing when none is ticked).
const FORM = {
  title: "",
  description: "",
  categoryId: "",
  fileUrl: "/files/certificates/codemark.pdf",
  fileType: "PDF",
  imageUrl: "",
  scheme: "",
  certificateNumber: "",
  holder: "",
  certificationBody: "",
  scope: "",
  issuedOn: "",
  expiresOn: "",
  registerUrl: "",
  registerCheckedOn: "",
  registerCheckedBy: "",
  standing: "",
};

function save(fields: Record<string, string | string[]>) {
  return postAction(action, PATH, { intent: "create", ...FORM, ...fields });
}

async function stored(title: string) {
  const [row] = await database.current.db
    .select()
    .from(certifications)
    .where(eq(certifications.title, title));
  return row;
}

async function coveredBy(id: string) {
  const rows = await database.current.db
    .select({ productId: certificationProducts.productId })
    .from(certificationProducts)
    .where(eq(certificationProducts.certificationId, id));
  return rows.map((row) => row.productId).sort();
}

async function certificationCount() {
  const [row] = await database.current.db.select({ n: count() }).from(certifications);
  return row?.n ?? 0;
}

let productIds: string[] = [];

beforeEach(async () => {
  const db = database.current.db;
  await db.delete(certifications);
  await db.delete(products);
  const rows = await db
    .insert(products)
    .values(["Weatherboard A", "Weatherboard B", "Flashing tape"].map((name) => ({ name })))
    .returning({ id: products.id });
  productIds = rows.map((row) => row.id).sort();
});

const CODEMARK = {
  title: "CodeMark: Fibre cement weatherboard",
  scheme: "codemark",
  certificateNumber: "CM-40123",
  holder: "Kiwi Cladding Ltd",
  certificationBody: "Global-Mark",
  scope: "Cladding on timber framing, wind zones up to Extra High",
  issuedOn: "2024-02-01",
  expiresOn: "2027-01-31",
  registerUrl: "https://www.building.govt.nz/codemark-register",
  registerCheckedOn: "2026-01-10",
  registerCheckedBy: "Mere Tane",
  standing: "",
};

test("a certificate's details and covered products are stored; an edit replaces the products", async () => {
  const [a, b, c] = productIds as [string, string, string];
  const created = await save({ ...CODEMARK, productIds: [a, b] });
  expect(created.status).toBe(302);
  expect(await toastOf(created)).toBe("Certification created successfully");
  const row = await stored(CODEMARK.title);
  expect(row).toMatchObject({
    scheme: "codemark",
    certificateNumber: "CM-40123",
    holder: "Kiwi Cladding Ltd",
    certificationBody: "Global-Mark",
    scope: "Cladding on timber framing, wind zones up to Extra High",
    issuedOn: "2024-02-01",
    expiresOn: "2027-01-31",
    registerUrl: "https://www.building.govt.nz/codemark-register",
    registerCheckedOn: "2026-01-10",
    registerCheckedBy: "Mere Tane",
    standing: "active",
  });
  const id = row?.id as string;
  expect(await coveredBy(id)).toEqual([a, b].sort());

  // One product ticked posts one value; the others are no longer covered.
  const edited = await postAction(action, PATH, {
    intent: "update",
    id,
    ...FORM,
    ...CODEMARK,
    standing: "suspended",
    productIds: c,
  });
  expect(edited.status).toBe(302);
  expect(await coveredBy(id)).toEqual([c]);
  expect((await stored(CODEMARK.title))?.standing).toBe("suspended");
  // The audit event names the change to the covered products, which the row cannot show.
  const events = await database.current.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "update")));
  expect(events).toHaveLength(1);
  expect(events[0]?.changes).toMatchObject({
    standing: { before: "active", after: "suspended" },
    coveredProducts: { before: [a, b].sort(), after: [c] },
  });

  // None ticked: none covered.
  await postAction(action, PATH, { intent: "update", id, ...FORM, ...CODEMARK });
  expect(await coveredBy(id)).toEqual([]);

  const data = await getLoader(loader, PATH);
  expect(data.products.map((p) => p.name)).toEqual(["Flashing tape", "Weatherboard A", "Weatherboard B"]);
});

test("a plain document needs none of the certificate fields", async () => {
  const result = await save({ title: "ISO 9001 certificate" });
  expect(result.status).toBe(302);
  expect(await stored("ISO 9001 certificate")).toMatchObject({
    scheme: null,
    certificateNumber: null,
    expiresOn: null,
    standing: "active",
  });
});

test("bad certificate details are refused with a message and nothing is written", async () => {
  const cases: [Record<string, string | string[]>, string, string][] = [
    [{ scheme: "codemark", certificateNumber: "" }, "certificateNumber", "Certificate number is required"],
    [{ issuedOn: "2026-05-02", expiresOn: "2026-05-01" }, "expiresOn", "on or after the issue date"],
    [{ expiresOn: "2026-02-30" }, "expiresOn", "must be a real date"],
    [{ issuedOn: "next week" }, "issuedOn", "must be a real date"],
    [{ registerCheckedOn: "2026-13-01" }, "registerCheckedOn", "must be a real date"],
    [{ registerUrl: "javascript:alert(1)" }, "registerUrl", "https://"],
    [{ registerUrl: "ftp://register.example.nz" }, "registerUrl", "https://"],
    [{ registerUrl: "/codemark" }, "registerUrl", "https://"],
    [{ scheme: "iso" }, "scheme", "Please choose a scheme"],
    [{ standing: "revoked" }, "standing", "Please choose a standing"],
    [{ certificateNumber: "x".repeat(101) }, "certificateNumber", "at most 100"],
    [{ scope: "x".repeat(2001) }, "scope", "at most 2000"],
    [{ productIds: ["not-a-product"] }, "productIds", "choose products from the list"],
  ];
  for (const [fields, field, message] of cases) {
    const result = await save({ title: `Refused ${field}`, ...fields });
    expect(result.status, JSON.stringify(fields)).toBe(400);
    const errors = Object.entries(fieldErrorsOf(result)).find(([name]) => name.startsWith(field))?.[1];
    expect(errors?.join(" "), JSON.stringify(fields)).toContain(message);
  }
  // A product id that is well formed but names no product.
  const gone = await save({ title: "Refused gone product", productIds: [crypto.randomUUID()] });
  expect(gone.status).toBe(400);
  expect(await certificationCount()).toBe(0);
});

test("'checked against the register today' records today's date and the admin's name", async () => {
  await save({ ...CODEMARK, registerCheckedOn: "", registerCheckedBy: "" });
  const id = (await stored(CODEMARK.title))?.id as string;
  const result = await postAction(action, PATH, { intent: "register-checked", id });
  expect(result.status).toBe(302);
  expect(await toastOf(result)).toBe("Register check recorded");
  expect(await stored(CODEMARK.title)).toMatchObject({
    registerCheckedOn: nzToday(),
    registerCheckedBy: "admin person",
    // Nothing else changes.
    certificateNumber: "CM-40123",
  });
  const forged = await postAction(action, PATH, { intent: "register-checked", id: "nope" });
  expect(forged.status).toBe(400);
  const sales = await postAction(action, PATH, { intent: "register-checked", id }, "sales");
  expect(sales.status).toBe(403);
});

async function insertCertificate(title: string, values: Partial<typeof certifications.$inferInsert>) {
  await database.current.db
    .insert(certifications)
    .values({ title, fileUrl: `/files/certificates/${title}.pdf`, fileType: "PDF", ...values });
}

const TODAY = "2026-06-30";

async function seedStatuses() {
  await insertCertificate("Current", { expiresOn: "2026-12-31" });
  await insertCertificate("Expiring", { expiresOn: "2026-07-15" });
  await insertCertificate("Last day", { expiresOn: TODAY });
  await insertCertificate("Expired", { expiresOn: "2026-06-29" });
  await insertCertificate("No expiry", { expiresOn: null });
  await insertCertificate("Suspended", { expiresOn: "2026-12-31", standing: "suspended" });
  await insertCertificate("Withdrawn", { expiresOn: null, standing: "withdrawn" });
  await insertCertificate("Draft", { expiresOn: "2026-12-31", standing: "draft" });
}

test("the public page lists only current and expiring certificates, as the clock moves", async () => {
  await seedStatuses();
  const titles = async (today: string) =>
    (await getCertificationsPage({}, today)).certifications.map((c) => c.title).sort();
  expect(await titles(TODAY)).toEqual(["Current", "Expiring", "Last day", "No expiry"]);
  // The next day the certificate whose last day it was has gone; the expiring one is still there.
  expect(await titles("2026-07-01")).toEqual(["Current", "Expiring", "No expiry"]);
  expect(await titles("2026-07-16")).toEqual(["Current", "No expiry"]);
  expect(await titles("2027-01-01")).toEqual(["No expiry"]);
  // Before expiry the status shown is current or expiring.
  const page = await getCertificationsPage({}, TODAY);
  expect(Object.fromEntries(page.certifications.map((c) => [c.title, c.status]))).toEqual({
    Current: "current",
    Expiring: "expiring",
    "Last day": "expiring",
    "No expiry": "current",
  });
});

test("the back office lists every certificate with its status, and filters by status", async () => {
  await seedStatuses();
  const all = await listAdminCertifications({ page: 1, q: "" }, TODAY);
  expect(all.total).toBe(8);
  const byStatus = async (status: Parameters<typeof listAdminCertifications>[0]["status"]) =>
    (await listAdminCertifications({ page: 1, q: "", status }, TODAY)).rows.map((r) => r.title).sort();
  expect(await byStatus("expired")).toEqual(["Expired"]);
  expect(await byStatus("expiring")).toEqual(["Expiring", "Last day"]);
  expect(await byStatus("current")).toEqual(["Current", "No expiry"]);
  expect(await byStatus("suspended")).toEqual(["Suspended"]);
  expect(await byStatus("withdrawn")).toEqual(["Withdrawn"]);
  expect(await byStatus("draft")).toEqual(["Draft"]);
  // Each row's status agrees with its filter.
  for (const row of all.rows) {
    const matching = await byStatus(row.status);
    expect(matching).toContain(row.title);
  }
  // Through the route: an unknown status is no filter.
  const filtered = await getLoader(loader, `${PATH}?status=withdrawn`);
  expect(filtered.status).toBe("withdrawn");
  expect(filtered.list.rows.map((r) => r.title)).toEqual(["Withdrawn"]);
  const unknown = await getLoader(loader, `${PATH}?status=bogus`);
  expect(unknown.status).toBeNull();
  expect(unknown.list.total).toBe(8);
});
