// What a trader reads in the back office's tables and bars, at the widths they use: no word or
// number broken across lines ("$649.0 / 0", "Insulatio / n", "Acti / ve", "Upd / ate"), the audit
// log's before and after (and IP address) on screen at every width, a badge and a select that
// show their whole text on a phone, and a row deleted in another tab gone after a refused delete.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

test.use({ trace: "off" });

/**
 * The words (split at spaces and hyphens) that run across two lines in the cells of the page's
 * first list, or of its named columns, as "Column: word".
 */
function brokenInTable(page: Page, columns?: string[]) {
  return page.evaluate((columns) => {
    const table = document.querySelector("[data-slot=data-table]");
    if (!table) return ["no table"];
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim() ?? "");
    const found: string[] = [];
    for (const row of table.querySelectorAll("tbody tr")) {
      for (const [index, cell] of [...row.querySelectorAll(":scope > td")].entries()) {
        const header = headers[index] ?? "";
        if (columns && !columns.includes(header)) continue;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? "").matchAll(/[^\s-]+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set(
              [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
            );
            if (lines.size > 1) found.push(`${header}: ${word[0]}`);
          }
        }
      }
    }
    return found;
  }, columns);
}

async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Inside the window, left to right. */
async function expectInWindow(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const width = await locator.page().evaluate(() => window.innerWidth);
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(width + 1);
}

/** Two changes to a setting: the overlay's opacity from 0.8 to 0.7, then the defaults back. */
async function changeOverlayAndBack(page: Page) {
  const saved = page.locator("[data-sonner-toast]").filter({ hasText: "Hero settings updated successfully" });
  await page.goto("/admin/settings?tab=hero");
  const opacity = page.getByLabel("Overlay opacity");
  await opacity.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(opacity).toHaveValue("0.7");
  await expect(page.locator("output[for=hero-opacity]")).toHaveText("0.7");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(saved).toBeVisible();
  // The home page journeys expect the defaults.
  await page.goto("/admin/settings?tab=hero");
  await page.getByRole("link", { name: "Reset to Default" }).click();
  await expect(page.getByLabel("Overlay opacity")).toHaveValue("0.8");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(saved).toBeVisible();
}

test("the audit log shows who, from where, and each change's before and after at every width, no word broken", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await startSession(page, "admin");
  await changeOverlayAndBack(page);
  await page.goto("/admin/audit?entity=setting&action=update");
  const row = page
    .locator("[data-slot=data-table] tbody tr")
    .filter({ hasText: 'Updated setting "hero_background": setting value' })
    .first();
  for (const width of [360, 768, 1024, 1100, 1280, 1366, 1439, 1600]) {
    await resizeTo(page, width);
    const at = `at ${width}px`;
    await expectInWindow(row.getByText(/"opacity":0\.7/), `the value before ${at}`);
    await expectInWindow(row.getByText(/"opacity":0\.8/), `the value after ${at}`);
    await expectInWindow(row.getByText(/^IP address /), `the IP address ${at}`);
    await expectInWindow(row.getByText("Update", { exact: true }), `the action ${at}`);
    expect(await brokenInTable(page, ["Time", "Actor", "Action", "Record"]), at).toEqual([]);
  }
  await expectNoAxeViolations(page);
});

test("catalogue prices and categories and Home Content's switch labels keep their words whole", async ({
  page,
}) => {
  await startSession(page, "admin");
  for (const path of ["/admin/catalog", "/admin/home"]) {
    await page.goto(path);
    await expect(page.locator("[data-slot=data-table] tbody tr").first()).toBeVisible();
    for (const width of [1100, 1280, 1440]) {
      await resizeTo(page, width);
      expect(await brokenInTable(page), `${path} at ${width}px`).toEqual([]);
    }
  }
  // The ones reported: a price, a category and a switch's label, each on one line.
  await page.goto("/admin/catalog?q=Mitre");
  const price = page.getByRole("cell", { name: "$649.00" });
  await expect(price).toBeVisible();
  const lineHeight = await price.evaluate((cell) => Number.parseFloat(getComputedStyle(cell).lineHeight));
  expect((await price.locator("div").boundingBox())?.height).toBeLessThan(lineHeight * 1.5);
});

test("on a phone the Linked badge and the bulk status select show their whole text", async ({ page }) => {
  await startSession(page, "admin");
  await resizeTo(page, 360);
  await page.goto("/admin/building-information");
  const badge = page.locator("[data-completeness=linked]").first();
  await expectInWindow(badge, "the Linked badge");
  const card = page.locator("[data-slot=data-table] tbody tr").filter({ has: badge });
  const [badgeBox, cardBox] = [await badge.boundingBox(), await card.boundingBox()];
  expect(badgeBox && cardBox && badgeBox.x + badgeBox.width <= cardBox.x + cardBox.width).toBe(true);
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await resizeTo(page, 375);
  await page.goto("/admin/contact-management");
  const select = page.getByLabel(/Set the status of the selected queries/);
  await expectInWindow(select, "the bulk status select");
  // The text the select shows against the room it gives it (its padding and chevron aside).
  const fits = await select.evaluate((el) => {
    const select = el as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return false;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.textContent ?? "";
    const room =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return text === "Choose a status" && context.measureText(text).width <= room;
  });
  expect(fits).toBe(true);
  await expectNoAxeViolations(page);
});

test("a delete refused because another tab removed the record takes the row away without a reload", async ({
  page,
  context,
}) => {
  const subject = `Zz gone elsewhere ${Date.now().toString(36)}`;
  await startSession(page, "admin");
  await page.goto("/admin/contact-management?tab=subjects");
  await page.getByRole("button", { name: "Add Subject" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Subject" });
  await dialog.getByLabel("Subject name").fill(subject);
  await dialog.getByRole("button", { name: "Create Subject" }).click();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toHaveCount(1);

  // Another tab deletes it first.
  const other = await context.newPage();
  await other.goto("/admin/contact-management?tab=subjects");
  await other.getByRole("button", { name: `Delete ${subject}` }).click();
  await other.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(other.getByRole("row").filter({ hasText: subject })).toHaveCount(0);
  await other.close();

  await row.getByRole("button", { name: `Delete ${subject}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Error deleting subject" }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});
