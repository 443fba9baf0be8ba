import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { getCaseStudiesPage, getCaseStudy, listCaseStudies } from "~/modules/case-studies/queries.server";
import { getCertificationsPage, listCertifications } from "~/modules/certifications/queries.server";
import * as caseStudiesRoute from "~/routes/public/case-studies";
import * as certificationsRoute from "~/routes/public/certifications";
import { setDatabase } from "~/server/db/db.server";
import { caseStudies, categories, certifications } from "~/server/db/schema";
import { createTestDatabase, useTestDatabase } from "../support/database";

const database = useTestDatabase();

function db() {
  return database.current.db;
}

function daysAgo(days: number) {
  return new Date(Date.UTC(2025, 0, 31) - days * 86_400_000);
}

async function addCategory(name: string, type: "case_studies" | "certifications", isActive = true) {
  const [row] = await db().insert(categories).values({ name, type, isActive }).returning();
  if (!row) throw new Error("no category");
  return row;
}

async function addStudy(values: Partial<typeof caseStudies.$inferInsert> & { title: string }) {
  const [row] = await db().insert(caseStudies).values(values).returning();
  if (!row) throw new Error("no case study");
  return row;
}

async function addCertification(values: Partial<typeof certifications.$inferInsert> & { title: string }) {
  const [row] = await db()
    .insert(certifications)
    .values({ fileUrl: "/files/certificates/x.pdf", fileType: "PDF", ...values })
    .returning();
  if (!row) throw new Error("no certification");
  return row;
}

type PageModule = { default: unknown; loader: (args: never) => Promise<unknown> };

/** The server's HTML for a page: its real loader on the test database, then its component. */
async function renderPage(route: PageModule, url: string) {
  const request = new Request(`http://localhost${url}`);
  const loaderData = await route.loader({ request, params: {}, context: {} } as never);
  const Stub = createRoutesStub([
    {
      id: "page",
      path: new URL(request.url).pathname,
      Component: route.default as never,
      loader: () => loaderData,
    },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: loaderData } } }),
  );
}

/** Runs fn against a database that has been closed, so every query fails. */
async function withBrokenDatabase<T>(fn: () => Promise<T>) {
  const broken = await createTestDatabase();
  await broken.destroy();
  setDatabase(broken);
  try {
    return await fn();
  } finally {
    setDatabase(database.current);
  }
}

test("case studies come newest first with their category name and materials as a list", async () => {
  const residential = await addCategory("Residential", "case_studies");
  const commercial = await addCategory("Commercial", "case_studies");
  const retired = await addCategory("Heritage", "case_studies", false);
  await addStudy({
    title: "Old villa re-roof",
    categoryId: retired.id,
    createdAt: daysAgo(30),
    materials: ["Iron"],
  });
  await addStudy({
    title: "Coastal home",
    categoryId: residential.id,
    createdAt: daysAgo(1),
    durationMonths: 8,
    materials: ["Treated pine", "Colorsteel roofing"],
    challenge: "Salt spray",
  });
  await addStudy({
    title: "Warehouse fit-out",
    categoryId: commercial.id,
    createdAt: daysAgo(10),
    // A comma-separated string, as staff may type it, stored as JSON text.
    materials: "Steel portal frames, Insulated panels" as unknown as string[],
  });
  await addStudy({ title: "Uncategorised deck", createdAt: daysAgo(20), materials: null });

  const all = await listCaseStudies();
  expect(all.map((s) => s.title)).toEqual([
    "Coastal home",
    "Warehouse fit-out",
    "Uncategorised deck",
    "Old villa re-roof",
  ]);
  expect(all[0]).toMatchObject({
    categoryName: "Residential",
    durationMonths: 8,
    materials: ["Treated pine", "Colorsteel roofing"],
    challenge: "Salt spray",
  });
  expect(all[1]?.materials).toEqual(["Steel portal frames", "Insulated panels"]);
  expect(all[2]).toMatchObject({ categoryName: null, materials: [] });
  // A study in an inactive category is still a published case study.
  expect(all[3]).toMatchObject({ categoryName: "Heritage", materials: ["Iron"] });

  const onlyCommercial = await listCaseStudies({ categoryId: commercial.id });
  expect(onlyCommercial.map((s) => s.title)).toEqual(["Warehouse fit-out"]);
});

test("the case-studies page filters by category id or name, and tabs list only active categories", async () => {
  const byName = await getCaseStudiesPage({ category: "residential" });
  expect(byName.failed).toBe(false);
  expect(byName.categories.map((c) => c.name)).toEqual(["Commercial", "Residential"]);
  expect(byName.activeCategory?.name).toBe("Residential");
  expect(byName.caseStudies.map((s) => s.title)).toEqual(["Coastal home"]);

  const commercialId = byName.categories.find((c) => c.name === "Commercial")?.id;
  const byId = await getCaseStudiesPage({ category: commercialId });
  expect(byId.caseStudies.map((s) => s.title)).toEqual(["Warehouse fit-out"]);

  // An unknown or inactive category shows everything rather than an error.
  const unknown = await getCaseStudiesPage({ category: "Heritage" });
  expect(unknown.activeCategory).toBeNull();
  expect(unknown.caseStudies).toHaveLength(4);
});

test("a category with no case studies gives an empty list, not an error", async () => {
  await addCategory("Civil", "case_studies");
  const page = await getCaseStudiesPage({ category: "Civil" });
  expect(page).toMatchObject({ failed: false, caseStudies: [], activeCategory: { name: "Civil" } });
});

test("?study= selects a case study, even one outside the chosen category; a bad id selects none", async () => {
  const [coastal] = await listCaseStudies();
  if (!coastal) throw new Error("no study");
  const page = await getCaseStudiesPage({ category: "Commercial", study: coastal.id });
  expect(page.selected?.title).toBe("Coastal home");
  expect(page.caseStudies.map((s) => s.title)).toEqual(["Warehouse fit-out"]);

  expect((await getCaseStudiesPage({ study: "not-a-uuid" })).selected).toBeNull();
  expect(await getCaseStudy("00000000-0000-4000-8000-000000000000")).toBeNull();
  expect(await getCaseStudy("'; drop table case_studies; --")).toBeNull();
});

test("a failed case-study query is reported as failed, never thrown", async () => {
  const page = await withBrokenDatabase(() => getCaseStudiesPage({ category: "Residential" }));
  expect(page).toEqual({
    categories: [],
    activeCategory: null,
    caseStudies: [],
    selected: null,
    failed: true,
  });
});

test("certifications come newest first, keep allow_download, and filter by category", async () => {
  const products = await addCategory("Product Certifications", "certifications");
  const safety = await addCategory("Health & Safety", "certifications");
  await addCategory("Archived", "certifications", false);
  await addCertification({ title: "CodeMark certificate", categoryId: products.id, createdAt: daysAgo(5) });
  await addCertification({
    title: "Site safety plan",
    categoryId: safety.id,
    createdAt: daysAgo(2),
    allowDownload: false,
    imageUrl: "/files/certificates/plan.png",
    fileType: "image",
  });
  await addCertification({ title: "ISO 9001", createdAt: daysAgo(9), description: "Quality management" });

  const all = await listCertifications();
  expect(all.map((c) => c.title)).toEqual(["Site safety plan", "CodeMark certificate", "ISO 9001"]);
  expect(all[0]).toMatchObject({ allowDownload: false, categoryName: "Health & Safety", fileType: "image" });
  expect(all[1]).toMatchObject({ allowDownload: true, imageUrl: null });

  const page = await getCertificationsPage({ category: "PRODUCT CERTIFICATIONS" });
  expect(page.categories.map((c) => c.name)).toEqual(["Health & Safety", "Product Certifications"]);
  expect(page.activeCategory?.name).toBe("Product Certifications");
  expect(page.certifications.map((c) => c.title)).toEqual(["CodeMark certificate"]);
});

test("a certification category with none, and a failed load, both give an empty list", async () => {
  await addCategory("Environmental", "certifications");
  const empty = await getCertificationsPage({ category: "Environmental" });
  expect(empty.activeCategory?.name).toBe("Environmental");
  expect(empty.certifications).toEqual([]);

  const failed = await withBrokenDatabase(() => getCertificationsPage({ category: "Environmental" }));
  expect(failed).toEqual({ categories: [], activeCategory: null, certifications: [] });
});

test("the case-studies page shows cards with the challenge cut at 150 characters", async () => {
  const long = `${"A".repeat(149)} and then the rest of a very long challenge`;
  await addStudy({ title: "Long story", challenge: long, createdAt: daysAgo(0), durationMonths: 1 });
  const html = await renderPage(caseStudiesRoute, "/case-study");
  expect(html).toContain("<h1");
  expect(html).toContain("Long story");
  expect(html).toContain(`${"A".repeat(149)}...`);
  expect(html).not.toContain("and then the rest");
  expect(html).toContain("1 month<");
  expect(html).toContain("8 months");
  expect(html).toContain('href="/contact"');
  expect(html).toContain("Get In Touch");
});

test("?study= renders the case study's details in the page for browsers without JavaScript", async () => {
  const [, coastal] = await listCaseStudies();
  const html = await renderPage(caseStudiesRoute, `/case-study?study=${coastal?.id}`);
  expect(html).toContain('id="case-study-details"');
  expect(html).toContain("Materials Used");
  expect(html).toContain("Colorsteel roofing");
  expect(html).toContain("Duration: <!-- -->8 months");
});

test("an empty category and a failed load show the spec's texts on the case-studies page", async () => {
  const empty = await renderPage(caseStudiesRoute, "/case-study?category=Civil");
  expect(empty).toContain("No Case Studies Available");
  expect(empty).toMatch(/aria-current="page"[^>]*>Civil</);

  const failed = await withBrokenDatabase(() => renderPage(caseStudiesRoute, "/case-study?category=Civil"));
  expect(failed).toContain("Error Loading Case Studies");
  expect(failed).toContain("Failed to load case studies. Please try again later.");
  expect(failed).toMatch(/<button[^>]*type="submit"[^>]*>Try Again<\/button>/);
});

test("the certifications page hides Download when not allowed and shows the empty texts", async () => {
  const html = await renderPage(certificationsRoute, "/certifications");
  const cards = html.split("<article").slice(1);
  const safety = cards.find((card) => card.includes("Site safety plan"));
  const codeMark = cards.find((card) => card.includes("CodeMark certificate"));
  expect(safety).toContain('target="_blank"');
  expect(safety).not.toContain("download");
  expect(codeMark).toMatch(/<a href="\/files\/certificates\/x\.pdf\?download" download=""/);

  const none = await renderPage(certificationsRoute, "/certifications?category=Environmental");
  expect(none).toContain("No certifications found for the selected category.");
  const failed = await withBrokenDatabase(() => renderPage(certificationsRoute, "/certifications"));
  expect(failed).toContain("No certifications available at this time.");
});
