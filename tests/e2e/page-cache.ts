// The page cache as a client sees it, for page-cache.spec.ts and admin-page-cache.spec.ts.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Fetches a page until it comes from the cache (the first request may render it). */
export async function getCached(request: APIRequestContext, url: string) {
  await request.get(url);
  const response = await request.get(url);
  expect(response.headers()["x-cache"], url).toBe("HIT");
  return response;
}

/** A catalogue search page lists the product (its slug is in the page) or finds nothing. */
export function slugOf(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** Adds a published product through the back office's own form action, as the dialog posts it. */
export async function saveProduct(page: Page, base: string, name: string) {
  const response = await page.request.post(`${base}/admin/catalog`, {
    multipart: {
      intent: "create",
      name,
      price: "0",
      discountPercentage: "0",
      stockQuantity: "5",
      stockStatus: "In Stock",
      isPublished: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}
