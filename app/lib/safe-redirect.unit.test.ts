import { expect, test } from "vitest";
import { pageAddress, safeRedirect } from "./safe-redirect";

test("a page of this site is followed as it is", () => {
  expect(safeRedirect("/admin/catalog?page=2&q=deck", "/admin")).toBe("/admin/catalog?page=2&q=deck");
  expect(safeRedirect("/catalog?brand=x#product-1", "/")).toBe("/catalog?brand=x#product-1");
  expect(safeRedirect("/", "/admin")).toBe("/");
});

test("a data request returns to its page: no .data, no _routes, no index marker", () => {
  expect(safeRedirect("/admin/catalog.data?page=2", "/admin")).toBe("/admin/catalog?page=2");
  expect(safeRedirect("/admin/catalog.data?page=2&_routes=routes%2Fadmin%2Fcatalog", "/admin")).toBe(
    "/admin/catalog?page=2",
  );
  expect(safeRedirect("/admin.data?index", "/")).toBe("/admin");
  expect(safeRedirect("/admin?index=&q=a", "/")).toBe("/admin?q=a");
  expect(safeRedirect("/_.data", "/admin")).toBe("/");
  expect(safeRedirect("/admin/_.data?_routes=x", "/")).toBe("/admin/");
  expect(pageAddress("/admin/users.data?page=3&_routes=a,b")).toBe("/admin/users?page=3");
});

test("anything that could leave the site or break the Location header falls back", () => {
  for (const unsafe of [
    "//evil.example",
    "/\\evil.example",
    "/admin\\..\\evil",
    "https://evil.example/",
    "javascript:alert(1)",
    "admin",
    "/\t/evil.example",
    "/admin\r\nSet-Cookie: x=1",
    "/admin\nX: y",
    "/admin\u3000",
    "/\u0000admin",
    "/caf\u00e9",
    "/a/..//evil.example",
    `/${"a".repeat(2001)}`,
    "",
    null,
    undefined,
    42,
  ]) {
    expect(safeRedirect(unsafe, "/admin"), JSON.stringify(unsafe)).toBe("/admin");
  }
});
