import { expect, test } from "vitest";
import { ADMIN_NAV, isAdminPathAllowed, isNavItemActive, navItemsFor } from "./nav-items";

test("sales may open the dashboard and the catalogue with its building information, by page or by data request, and nothing else", () => {
  for (const path of [
    "/admin",
    "/admin/",
    "/admin.data",
    "/admin/catalog",
    "/admin/catalog.data",
    "/admin/catalog/x",
    "/admin/catalog/building-information",
    "/admin/catalog/building-information.data",
    "/admin/catalog/building-information/x",
    "/admin/catalog/building-information/x.data",
  ]) {
    expect(isAdminPathAllowed("sales", path), path).toBe(true);
  }
  for (const path of [
    "/admin/users",
    "/admin/users.data",
    "/admin/catalogue",
    "/admin/catalogx/building-information",
    "/admin/settings",
    "/admin/home",
    // The sheets' old address is a redirect outside the admin layout, not a page of it.
    "/admin/building-information",
    "/admin/building-information/x",
  ]) {
    expect(isAdminPathAllowed("sales", path), path).toBe(false);
  }
  expect(isAdminPathAllowed("user", "/admin")).toBe(false);
  expect(isAdminPathAllowed("admin", "/admin/users")).toBe(true);
  // Contact Management and Quotes stay closed to sales until an admin lets them quote.
  for (const path of ["/admin/contact-management", "/admin/quotes", "/admin/quotes/x"])
    expect(isAdminPathAllowed("sales", path), path).toBe(false);
});

test("when sales may quote, they may open Contact Management and Quotes too, and nothing more", () => {
  const access = { salesMayQuote: true };
  for (const path of [
    "/admin/contact-management",
    "/admin/contact-management.data",
    "/admin/contact-management/x",
    "/admin/quotes",
    "/admin/quotes/x",
    "/admin/quotes/x.data",
  ])
    expect(isAdminPathAllowed("sales", path, access), path).toBe(true);
  for (const path of ["/admin/contact", "/admin/settings", "/admin/users", "/admin/quotesx", "/admin/audit"])
    expect(isAdminPathAllowed("sales", path, access), path).toBe(false);
  expect(isAdminPathAllowed("user", "/admin/quotes", access)).toBe(false);
  expect(navItemsFor("sales", access).map((i) => i.title)).toEqual([
    "Dashboard",
    "Catalog",
    "Contact Management",
    "Quotes",
  ]);
  expect(navItemsFor("user", access)).toEqual([]);
});

test("the sidebar lists exactly Dashboard and Catalog for sales and every item for admin; the current one is found", () => {
  expect(navItemsFor("sales").map((i) => i.title)).toEqual(["Dashboard", "Catalog"]);
  expect(navItemsFor("sales", { salesMayQuote: false }).map((i) => i.title)).toEqual([
    "Dashboard",
    "Catalog",
  ]);
  expect(
    navItemsFor("admin")
      .map((i) => i.title)
      .slice(0, 2),
  ).toEqual(["Dashboard", "Catalog"]);
  expect(navItemsFor("admin")).toHaveLength(ADMIN_NAV.length);
  expect(navItemsFor("user")).toEqual([]);
  const active = (path: string) =>
    ADMIN_NAV.filter((item) => isNavItemActive(item, path)).map((i) => i.title);
  expect(active("/admin")).toEqual(["Dashboard"]);
  expect(active("/admin/catalog")).toEqual(["Catalog"]);
  // Building information is a section of the catalogue: Catalog is the current item there.
  expect(active("/admin/catalog/building-information")).toEqual(["Catalog"]);
  expect(active("/admin/catalog/building-information/x")).toEqual(["Catalog"]);
  expect(ADMIN_NAV.map((i) => i.title)).not.toContain("Building Info");
  expect(active("/admin/home")).toEqual(["Home Management"]);
  expect(active("/admin/contact")).toEqual(["Contact Page"]);
  expect(active("/admin/contact-management")).toEqual(["Contact Management"]);
});

test("Contact Management carries the new-enquiry count, said in words", () => {
  const item = ADMIN_NAV.find((i) => i.title === "Contact Management");
  expect(item?.count?.key).toBe("newEnquiries");
  expect(item?.count?.label(1)).toBe("1 new enquiry");
  expect(item?.count?.label(3)).toBe("3 new enquiries");
  expect(ADMIN_NAV.filter((i) => i.count)).toHaveLength(1);
});
