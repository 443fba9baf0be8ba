import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForLiveCatalog } from "./fixtures";

// "dekcing" is two edits from the demo's "decking": beyond the search's own typo tolerance for a
// seven-letter word (one edit), within the suggestion's (two).
const MISSPELT = "dekcing";

function results(page: Page) {
  return page.getByTestId("catalog-results");
}

async function search(page: Page, words: string) {
  // By its label: a combobox offering suggestions once the scripts run, a search field before.
  const box = page.getByLabel("Search products", { exact: true });
  await box.fill(words);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(words).replaceAll("%20", "\\+")}`));
}

async function expectPrefilledEnquiry(page: Page, words: string) {
  await expect(page).toHaveURL(/\/contact\?/);
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByLabel("Message")).toHaveValue(
    `I'm looking for "${words}" and couldn't find it in the catalogue. Can you help?`,
  );
  await expect(form.getByLabel("Subject")).toHaveValue("Product Information");
}

/** axe-core runs as a script in the page: with scripts off the same server HTML was checked with them on. */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expectNoAxeViolations(page);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "with JavaScript disabled", () => {
    test.use({ javaScriptEnabled });

    test("a misspelt search offers 'Did you mean' with the catalogue's word, and its link searches again", async ({
      page,
    }) => {
      await page.goto("/catalog");
      if (javaScriptEnabled) await waitForLiveCatalog(page);
      await search(page, MISSPELT);
      const hint = page.getByTestId("did-you-mean");
      await expect(hint).toHaveText("Did you mean decking?");
      await expectAccessible(page, javaScriptEnabled);
      await hint.getByRole("link", { name: "decking" }).click();
      await expect(page).toHaveURL(/\/catalog\?q=decking$/);
      await expect(results(page).getByRole("heading", { name: /Pine Decking/ })).toBeVisible();
      await expect(page.getByTestId("did-you-mean")).toHaveCount(0);

      // A result opened from the search carries it to be counted, and lands on the product's own
      // address.
      await results(page)
        .getByRole("heading", { name: /Pine Decking/ })
        .getByRole("link")
        .click();
      await expect(page.getByRole("heading", { level: 1, name: /Pine Decking/ })).toBeVisible();
      await expect(page).toHaveURL(/\/catalog\/[a-z0-9-]+$/);
    });

    test("a search that finds nothing leads to categories, the search without filters, and 'Ask us for it'", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/catalog?q=decking&category=Insulation");
      await expect(results(page)).toContainText("No products found");
      const help = page.getByTestId("search-help");
      await expect(help.getByRole("link", { name: "Search all products for “decking”" })).toBeVisible();
      await expect(
        help.getByRole("navigation", { name: "Categories that match your search" }).getByRole("link", {
          name: "Timber",
        }),
      ).toBeVisible();
      await expectAccessible(page, javaScriptEnabled);

      await help.getByRole("link", { name: "Search all products for “decking”" }).click();
      await expect(page).toHaveURL(/\/catalog\?q=decking$/);
      await expect(results(page).getByRole("heading", { name: /Pine Decking/ })).toBeVisible();

      await search(page, "decking gazebo");
      await expect(results(page)).toContainText("No products found");
      await page.getByTestId("search-help").getByRole("link", { name: "Ask us for it" }).click();
      await expectPrefilledEnquiry(page, "decking gazebo");
      await expectAccessible(page, javaScriptEnabled);
    });
  });
}
