// The catalogue's round trip as an admin makes it: the catalogue exported from Catalog Management
// as XLSX (narrowed by a search to this run's products, as other journeys add products too), three
// rows edited and two added in the workbook, the workbook imported (columns, dry run, preview,
// apply), the changes seen on the public catalogue (never a price: it is price on request), then
// the import undone from the history and the public catalogue back as it was. Then the same with
// JavaScript off, the progress pages refreshing themselves.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

/** axe-core's check of the page as it is now. */
type Check = (page: Page) => Promise<void>;

/**
 * axe-core cannot run in a page without JavaScript: the page's HTML as it was served, its scripts
 * and its self-refresh left out, is opened at its own address in `checker` (a context that runs
 * scripts) and checked there.
 */
function withoutScripts(checker: Page): Check {
  return async (page: Page) => {
    const url = page.url();
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<meta http-equiv="refresh"[^>]*>/gi, "");
    await checker.route(
      (address) => address.href === url,
      (route) => route.fulfill({ contentType: "text/html", body: html }),
      { times: 1 },
    );
    await checker.goto(url);
    await expectNoAxeViolations(checker);
  };
}

/** This run's products: four existing (three to edit, one left), two the workbook adds. */
function productsOf(stamp: string) {
  const word = `Rtj${stamp}`;
  return {
    word,
    code: (n: number) => `RTJ-${stamp}-${n}`,
    kauri: `Kauri slab ${word}`,
    rimu: `Rimu board ${word}`,
    rimuRenamed: `Rimu weatherboard ${word}`,
    totara: `Tōtara post ${word}`,
    macrocarpa: `Macrocarpa sleeper ${word}`,
    batten: `Pine batten ${word}`,
    dowel: `Kwila dowel ${word}`,
    fileName: `catalogue-${stamp}.xlsx`,
  };
}

type Run = ReturnType<typeof productsOf>;

/** The existing products, through the form Catalog Management's dialog posts. */
async function addProducts(page: Page, run: Run) {
  const existing = [
    [run.code(1), run.kauri, "45", "each"],
    [run.code(2), run.rimu, "18.5", "metre"],
    [run.code(3), run.totara, "32", "length"],
    [run.code(4), run.macrocarpa, "39.9", "length"],
  ];
  for (const [sku, name, price, unit] of existing) {
    const response = await page.request.post("/admin/catalog", {
      form: {
        intent: "create",
        sku: sku ?? "",
        name: name ?? "",
        price: price ?? "",
        unit: unit ?? "",
        stockQuantity: "5",
        stockStatus: "In Stock",
        isPublished: "on",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
}

/** The workbook downloaded from the Export XLSX link of the list searched for this run's word. */
async function exportWorkbook(page: Page, run: Run, check: Check) {
  await page.goto(`/admin/catalog?q=${run.word}`);
  await expect(page.getByText("Showing 1–4 of 4")).toBeVisible();
  await check(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export XLSX" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^catalogue_filtered_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  return workbook;
}

/** A price, a name and a unit changed; two products added, as someone would in Excel. */
async function editWorkbook(workbook: ExcelJS.Workbook, run: Run) {
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("The export has no worksheet");
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ""));
  const column = (header: string) => {
    const index = headers.indexOf(header);
    expect(index, header).toBeGreaterThan(0);
    return index;
  };
  const rowOf = (name: string) => {
    for (let n = 2; n <= sheet.rowCount; n++)
      if (sheet.getRow(n).getCell(column("Name")).value === name) return sheet.getRow(n);
    throw new Error(`No row for ${name}`);
  };
  expect(sheet.rowCount).toBe(5);
  rowOf(run.kauri).getCell(column("Price")).value = 52;
  rowOf(run.rimu).getCell(column("Name")).value = run.rimuRenamed;
  rowOf(run.totara).getCell(column("Unit")).value = "each";
  for (const [code, name, price, unit] of [
    [run.code(5), run.batten, 9.5, "length"],
    [run.code(6), run.dowel, 3, "pack"],
  ] as const) {
    const row = sheet.addRow([]);
    row.getCell(column("Stock code")).value = code;
    row.getCell(column("Name")).value = name;
    row.getCell(column("Price")).value = price;
    row.getCell(column("Unit")).value = unit;
    row.getCell(column("Published")).value = "Yes";
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The figure beside a count of the preview ("To create"). */
function countOf(page: Page, label: string) {
  return page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
}

/** Uploads the workbook, keeps the columns as matched, runs the dry run and reads its preview. */
async function uploadAndPreview(page: Page, run: Run, workbook: Buffer, check: Check) {
  await page.goto("/admin/catalog");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import Catalogue" })).toBeVisible();
  await check(page);
  await page.getByLabel("Catalogue sheet").setInputFiles({
    name: run.fileName,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: workbook,
  });
  await page.getByRole("button", { name: "Upload and match columns" }).click();

  // The export's own headers: every column is matched to its field.
  await expect(page.getByRole("heading", { level: 1, name: run.fileName })).toBeVisible();
  await expect(page.getByLabel("Stock code", { exact: true })).toHaveValue("sku");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("name");
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("price");
  await expect(page.getByLabel("Unit", { exact: true })).toHaveValue("unit");
  await check(page);
  await page.getByRole("button", { name: "Check the file (dry run)" }).click();

  // The dry run is a job: the page follows it until the preview is ready.
  await expect(page.getByRole("heading", { name: "Refused rows" })).toBeVisible({ timeout: 30_000 });
  await expect(countOf(page, "To create")).toHaveText("2");
  await expect(countOf(page, "To update")).toHaveText("3");
  await expect(countOf(page, "Unchanged")).toHaveText("1");
  await expect(countOf(page, "Refused")).toHaveText("0");
  await expect(page.getByText("Price: 45.00 → 52.00")).toBeVisible();
  await expect(page.getByText(`Name: ${run.rimu} → ${run.rimuRenamed}`)).toBeVisible();
  await expect(page.getByText("Unit: length → each")).toBeVisible();
  await expect(page.getByText(`new product ${run.batten}`)).toBeVisible();
  await check(page);
}

/** The public catalogue searched for this run's word: the names it lists. */
async function publicCatalogue(
  page: Page,
  run: Run,
  expected: { shown: string[]; gone: string[] },
  check: Check,
) {
  await page.goto(`/catalog?q=${run.word}`);
  for (const name of expected.shown) await expect(page.getByRole("link", { name }).first()).toBeVisible();
  for (const name of expected.gone) await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  await check(page);
}

/** Applies the plan, then checks the public catalogue and the changed unit on its product page. */
async function applyAndSee(page: Page, run: Run, check: Check) {
  await page.getByRole("button", { name: "Import 5 changes" }).click();
  await expect(page.getByRole("heading", { name: "What the import did" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("2 products created, 3 updated, 1 unchanged.")).toBeVisible();
  await check(page);

  await publicCatalogue(
    page,
    run,
    {
      shown: [run.kauri, run.rimuRenamed, run.totara, run.macrocarpa, run.batten, run.dowel],
      gone: [run.rimu],
    },
    check,
  );
  await page.getByRole("link", { name: run.totara }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: run.totara })).toBeVisible();
  const facts = page.locator("#product dl");
  await expect(facts.locator("dt", { hasText: "Unit" }).locator("xpath=following-sibling::dd[1]")).toHaveText(
    "each",
  );
  await check(page);
}

/** Undoes the import from the history, then finds the public catalogue as it was. */
async function undoAndSee(page: Page, run: Run, check: Check) {
  await page.goto("/admin/catalog/imports");
  await expect(page.getByRole("link", { name: run.fileName, exact: true })).toBeVisible();
  await check(page);
  await page.getByRole("link", { name: `Undo the import of ${run.fileName}` }).click();
  await expect(page.getByRole("heading", { name: "Undo this import" })).toBeVisible();
  await check(page);
  await page.getByRole("button", { name: "Undo the import" }).click();
  await expect(page.getByText("Undone: 5 products put back as they were.")).toBeVisible({ timeout: 30_000 });
  await check(page);

  await publicCatalogue(
    page,
    run,
    {
      shown: [run.kauri, run.rimu, run.totara, run.macrocarpa],
      gone: [run.rimuRenamed, run.batten, run.dowel],
    },
    check,
  );
}

async function journey(page: Page, check: Check) {
  const run = productsOf(`${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`);
  await startSession(page, "admin");
  await addProducts(page, run);
  const workbook = await editWorkbook(await exportWorkbook(page, run, check), run);
  await uploadAndPreview(page, run, workbook, check);
  await applyAndSee(page, run, check);
  await undoAndSee(page, run, check);
}

test("an admin exports the catalogue as XLSX, edits it, imports it, sees it public, and undoes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await journey(page, (checked) => expectNoAxeViolations(checked));
});

test("without JavaScript the same round trip works, the progress pages refreshing themselves", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const scripted = await browser.newContext();
  try {
    await journey(await context.newPage(), withoutScripts(await scripted.newPage()));
  } finally {
    await scripted.close();
    await context.close();
  }
});
