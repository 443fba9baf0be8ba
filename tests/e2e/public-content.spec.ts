// The public pages look like a real trader's: card grids of one card size, a short last row centred, the
// prefilled form in view after Enquire Now, uploads that show their progress, hours that do not
// wrap on a phone, placeholders for broken pictures, and a favicon.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";

/** The grid's items grouped into rows, each with its items' widths and how far it reaches. */
async function rowsOf(grid: Locator) {
  return grid.evaluate((list) => {
    const box = list.getBoundingClientRect();
    const rows = new Map<number, { widths: number[]; left: number; right: number }>();
    for (const item of Array.from(list.children)) {
      const r = item.getBoundingClientRect();
      const top = Math.round(r.top);
      const row = rows.get(top) ?? { widths: [], left: Number.POSITIVE_INFINITY, right: 0 };
      rows.set(top, {
        widths: [...row.widths, Math.round(r.width)],
        left: Math.min(row.left, r.left),
        right: Math.max(row.right, r.right),
      });
    }
    return {
      left: box.left,
      right: box.right,
      rows: [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row),
    };
  });
}

/**
 * Every card of the grid is one size, and every row sits in the middle of the grid: full rows span
 * it from edge to edge, a shorter last row is centred under them rather than stretched.
 */
async function expectOneSizeCentred(grid: Locator, minimumItems: number) {
  await expect(grid.locator(":scope > li")).not.toHaveCount(0);
  const { left, right, rows } = await rowsOf(grid);
  const widths = rows.flatMap((row) => row.widths);
  expect(widths.length).toBeGreaterThanOrEqual(minimumItems);
  expect(Math.max(...widths) - Math.min(...widths), JSON.stringify(rows)).toBeLessThanOrEqual(1);
  for (const row of rows) {
    const middle = (row.left + row.right) / 2;
    expect(Math.abs(middle - (left + right) / 2), JSON.stringify(rows)).toBeLessThan(2);
  }
  expect(Math.abs((rows[0]?.left ?? 0) - left), JSON.stringify(rows)).toBeLessThan(2);
  return rows.map((row) => row.widths.length);
}

test("the catalogue's ten cards are one size at common widths", async ({ page }) => {
  for (const width of [1280, 1440, 1024, 768]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 1280) await page.goto("/catalog");
    const rows = await expectOneSizeCentred(page.getByTestId("catalog-grid"), 10);
    if (width >= 1280) expect(rows).toEqual([3, 3, 3, 1]);
  }
});

test("the featured products and the reviews are one size per grid on the home page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expectOneSizeCentred(page.getByTestId("featured-products").locator("ul"), 4);
  const reviews = await expectOneSizeCentred(page.getByTestId("reviews").locator("ul"), 4);
  // Reviews sit two to a row on wide screens.
  expect(reviews[0]).toBe(2);
  await page.setViewportSize({ width: 768, height: 900 });
  await expectOneSizeCentred(page.getByTestId("featured-products").locator("ul"), 4);
});

test("after Enquire Now the prefilled form is in view at 1280x800", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/catalog");
  const card = page
    .getByTestId("product-card")
    .filter({ has: page.getByRole("link", { name: /Enquire Now/ }) });
  const name = await card.first().getByRole("heading").innerText();
  await card
    .first()
    .getByRole("link", { name: /Enquire Now/ })
    .click();
  await expect(page).toHaveURL(/\/contact\?subject=Product%20Information&product=/);
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByLabel("Product")).toHaveValue(name);
  await expect(form.getByLabel("Full Name")).toBeInViewport({ ratio: 1 });
});

/** A PDF of about `bytes` bytes: a real header, padding in a comment, a real trailer. */
function largePdf(bytes: number) {
  const head = "%PDF-1.4\n%";
  const tail =
    "\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
  return Buffer.from(head + " ".repeat(bytes - head.length - tail.length) + tail);
}

async function fillEnquiry(page: Page) {
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill("Aroha Ngata");
  await form.getByLabel("Email").fill("aroha@example.co.nz");
  await form.getByLabel("Subject").selectOption("Quote Request");
  await form.getByLabel("Message").fill("Plans attached: please quote the framing and the roofing.");
  await form
    .getByLabel("Attachment (optional)")
    .setInputFiles({ name: "plans.pdf", mimeType: "application/pdf", buffer: largePdf(1_200_000) });
  return form;
}

test("a slow upload shows a progress bar with its percentage, then the enquiry is sent", async ({ page }) => {
  await page.goto("/contact");
  // The progress bar is the scripts' upload: a Send pressed before they run posts the plain form.
  await waitForHydration(page);
  const form = await fillEnquiry(page);
  // A building site's mobile connection: about 1 Mbit/s up.
  const cdp = await page.context().newCDPSession(page);
  const throttle = (uploadThroughput: number) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await cdp.send("Network.enable");
  await throttle(128 * 1024);
  await form.getByRole("button", { name: "Send Message" }).click();

  const progress = form.getByRole("progressbar", { name: "Uploading file" });
  await expect(progress).toBeVisible();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  await expect(form.getByText(/of 1\.1 MB · \d{1,3}%/)).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuetext", /^\d{1,3}%$/);

  // The connection picks up: the rest goes at once and the enquiry is answered.
  await throttle(-1);
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
  await expect(progress).toBeHidden();
});

test("an upload whose connection drops says so and keeps what was typed", async ({ page }) => {
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()),
  );
  await page.goto("/contact");
  // The scripts' upload reports the drop: a Send pressed before they run posts the plain form.
  await waitForHydration(page);
  const form = await fillEnquiry(page);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("alert")).toContainText(
    "Upload interrupted. The connection dropped before your file was sent.",
  );
  await expect(form.getByLabel("Full Name")).toHaveValue("Aroha Ngata");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test("the business hours are the trader's and do not wrap on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/contact");
  const card = page.getByRole("heading", { name: "Business Hours" }).locator("..");
  await expect(card.locator("dt")).toHaveText(["Mon-Fri", "Sat"]);
  await expect(card.locator("dd")).toHaveText(["7AM-5PM", "8AM-2PM"]);
  const lines = await card.locator("dt, dd").evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    }),
  );
  expect(lines).toEqual([1, 1, 1, 1]);
});

test("broken hero, tile, banner and reviewer pictures show a placeholder", async ({ page }) => {
  await page.route("**/files/media/**", (route) => route.abort());
  await page.goto("/");
  const placeholders = [
    page.getByTestId("hero-slide").first().locator("img"),
    page.getByTestId("category-tile").first().locator("img"),
    page.getByTestId("catalog-banner").locator("img").first(),
    page.getByTestId("review").first().locator("img"),
  ];
  for (const image of placeholders) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute("data-placeholder", "true");
    await expect(image).toHaveAttribute("src", /^data:image\/svg\+xml/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  // A brand whose logo does not load is named on a badge instead.
  const brands = page.getByTestId("trusted-suppliers");
  await brands.getByRole("heading", { name: "Brands we supply" }).scrollIntoViewIfNeeded();
  await expect(brands.getByTestId("brand-badge").first()).toBeVisible();
  await expect(brands.getByTestId("brand-badge").filter({ hasText: "Tasman Fix" })).toBeVisible();
});

test("/favicon.ico answers with an icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  expect((await response.body()).subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))).toBe(true);
});
