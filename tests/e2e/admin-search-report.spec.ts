import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

test("a search that found nothing shows in the back office's report, for sales from the catalogue's sections", async ({
  page,
  playwright,
}) => {
  // A visitor's search, twice, without a session: the first page is rendered (its loader counts
  // it), the second comes from the page cache (the server's hit hook counts it). Never who.
  const baseURL = test.info().project.use.baseURL;
  const visitor = await playwright.request.newContext({ baseURL });
  const words = `pergola kit ${test.info().workerIndex}${Date.now()}`;
  for (let i = 0; i < 2; i += 1)
    expect((await visitor.get(`/catalog?q=${encodeURIComponent(words)}`)).status()).toBe(200);
  await visitor.dispose();

  await startSession(page, "sales");
  await page.goto("/admin/catalog");
  await page
    .getByRole("navigation", { name: "Catalog sections" })
    .getByRole("link", { name: "Searches with no results" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Searches with No Results" })).toBeVisible();
  // The log is written a moment after the search (SEARCH_LOG_FLUSH_SECONDS): read again until it is.
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: words, exact: true }) });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");
  await expectNoAxeViolations(page);
});
