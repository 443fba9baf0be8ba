// The catalogue import: an admin uploads a sheet from Catalog Management, checks the columns,
// runs the dry run, reads the preview and the report, applies it, finds the products, and undoes
// it; and the same steps without JavaScript, the progress page refreshing itself.
import type { Download, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

function sheet(codes: readonly string[]) {
  const [first, second, third] = codes;
  return Buffer.from(
    [
      "Stock code,Product Name,RRP,Qty,Notes",
      `${first},Macrocarpa sleeper 200x100,39.90,12,untreated`,
      `${second},Kwila decking 140x19,14.50,300,`,
      `${third},Pine framing 90x45,twelve,40,`,
    ].join("\r\n"),
  );
}

async function textOf(download: Download) {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function uploadAndCheck(page: Page, fileName: string, codes: readonly string[]) {
  await page
    .getByLabel("Catalogue sheet")
    .setInputFiles({ name: fileName, mimeType: "text/csv", buffer: sheet(codes) });
  await page.getByRole("button", { name: "Upload and match columns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: fileName })).toBeVisible();
  await expect(page.getByLabel("Stock code", { exact: true })).toHaveValue("sku");
  await expect(page.getByLabel("Product Name")).toHaveValue("name");
  await expect(page.getByLabel("RRP")).toHaveValue("price");
  await expect(page.getByLabel("Notes")).toHaveValue("");
  await page.getByRole("button", { name: "Check the file (dry run)" }).click();
  // The dry run is a job: the page follows it until the preview is ready.
  await expect(page.getByRole("heading", { name: "Refused rows" })).toBeVisible({ timeout: 30_000 });
}

test("an admin imports a sheet: columns, dry run, preview, report, apply, and undo", async ({ page }) => {
  // Three jobs (the dry run, the apply and the undo), each followed until done: on a busy 2-core
  // machine this journey took 43 s of the usual 45.
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const codes = [`IMP-${stamp}-1`, `IMP-${stamp}-2`, `IMP-${stamp}-3`];
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/catalog");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import Catalogue" })).toBeVisible();
  await expectNoAxeViolations(page);

  await uploadAndCheck(page, `price-list-${stamp}.csv`, codes);
  await expect(page.getByText("To create").locator("..")).toContainText("2");
  await expect(page.getByText("Refused", { exact: true }).locator("..")).toContainText("1");
  await expect(
    page.getByText("Row 4: RRP: Price must be an amount in dollars, such as 12.50."),
  ).toBeVisible();
  await expect(page.getByText("Columns not imported: Notes.")).toBeVisible();
  await expect(page.getByText("Price: 39.90")).toBeVisible();
  await expectNoAxeViolations(page);

  const [report] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the report (CSV)" }).click(),
  ]);
  expect(report.suggestedFilename()).toBe(`price-list-${stamp}-report.csv`);
  const text = await textOf(report);
  expect(text).toContain('"Stock code","Product Name","RRP","Qty","Notes","Problem"');
  expect(text).toContain(
    `"${codes[2]}","Pine framing 90x45","twelve","40","","RRP: Price must be an amount in dollars, such as 12.50."`,
  );

  await page.getByRole("button", { name: "Import 2 changes" }).click();
  await expect(page.getByRole("heading", { name: "What the import did" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("2 products created, 0 updated, 0 unchanged.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/admin/catalog?q=IMP-${stamp}`);
  await expect(page.getByRole("row").filter({ hasText: "Macrocarpa sleeper 200x100" })).toContainText(
    "$39.90",
  );
  await expect(page.getByRole("row").filter({ hasText: "Kwila decking 140x19" })).toHaveCount(1);

  await page.goto("/admin/catalog/imports");
  await expect(page.getByRole("link", { name: `price-list-${stamp}.csv`, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: `Undo the import of price-list-${stamp}.csv` }).click();
  await expect(page.getByRole("heading", { name: "Undo this import" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Undo the import" }).click();
  await expect(page.getByText("Undone: 2 products put back as they were.")).toBeVisible({ timeout: 30_000 });
  await page.goto(`/admin/catalog?q=IMP-${stamp}`);
  await expect(page.getByText("Macrocarpa sleeper 200x100")).toHaveCount(0);
});

test("without JavaScript the upload, the dry run and the apply work, the page following the job", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const stamp = Date.now().toString(36).toUpperCase();
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/catalog/import");
  await uploadAndCheck(page, `no-js-${stamp}.csv`, [`NJS-${stamp}-1`, `NJS-${stamp}-2`, `NJS-${stamp}-3`]);
  await page.getByRole("button", { name: "Import 2 changes" }).click();
  await expect(page.getByText("2 products created, 0 updated, 0 unchanged.")).toBeVisible({
    timeout: 30_000,
  });
  await context.close();
});
