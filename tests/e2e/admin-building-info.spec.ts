// Building Info: an admin writes a Class 1 sheet, links it to a product in the product dialog,
// is refused publishing while the sheet is incomplete, completes the sheet and sees the product's
// badge turn complete; published, the product's page shows the sheet.
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

test("an admin completes a Class 1 sheet linked to a product, and the product may then be published", async ({
  page,
}) => {
  test.slow(); // a long form, two dialogs and five axe runs on a shared machine
  const stamp = Date.now();
  const title = `Framing sheet ${stamp}`;
  const name = `Framing stud ${stamp}`;
  await startSession(page, "admin");
  await page.goto("/admin");
  // Building information is a section of the catalogue.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Catalog" }).click();
  await page
    .getByRole("navigation", { name: "Catalog sections" })
    .getByRole("link", { name: "Building information" })
    .click();
  await expect(page.getByRole("heading", { name: "Building Information" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("New sheet's title").fill(title);
  await page.getByRole("button", { name: "New Sheet" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const status = page.getByRole("complementary", { name: "Sheet status" });
  await expect(status).toContainText("Version 1");
  await expect(status).toContainText("Not required");

  // Class 1, written by the manufacturer: the parts it needs, all but the review date.
  await page.getByLabel("Classification").selectOption("class_1");
  await page.getByLabel("Description", { exact: true }).fill("Kiln-dried radiata pine, H1.2 treated.");
  await page.getByLabel("Intended use").fill("Internal wall framing.");
  await page.getByLabel("Scope of use").fill("Timber-framed buildings within NZS 3604.");
  await page.getByRole("button", { name: "Add Identifier" }).click();
  await page.getByLabel("Identifier 1: kind").selectOption("gtin");
  await page.getByLabel("Identifier 1: value").fill("9421902960147");
  await page.getByLabel("Legal name").fill("Kauri Mills Limited");
  await page.getByLabel("Address", { exact: true }).fill("1 Mill Road, Rotorua");
  await page.getByLabel("Phone").fill("07 000 0000");
  await page.getByRole("button", { name: "Add Clause" }).click();
  await page.getByLabel("Clause 1: clause").fill("B1");
  await page.getByLabel("Clause 1: how the product contributes").fill("Carries structural loads.");
  await page.getByLabel("Clause 1: limitations").fill("Within NZS 3604 only.");
  await page.getByLabel("Requirements document (address)").fill("https://example.nz/framing-guide.pdf");
  await page.getByRole("button", { name: "Save Sheet" }).click();
  await expect(page.getByText("Sheet saved")).toBeVisible();
  await expect(status).toContainText("Version 2");
  await expect(status.getByText("Incomplete")).toBeVisible();
  await expect(status.getByRole("list", { name: "Missing information" })).toHaveText("Date last reviewed");
  await expectNoAxeViolations(page);

  // The product is linked as a draft; publishing it is refused while the sheet is incomplete.
  await page.goto("/admin/catalog");
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Building information").selectOption({ label: title });
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(
    dialog.getByText(/cannot be published until its building product information is complete/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("switch", { name: "Published" }).click();
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search products" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Incomplete");
  await expect(row).toContainText("Draft");

  // From the product's dialog to its sheet, which the review date completes.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByText("Incomplete")).toBeVisible();
  await edit.getByRole("link", { name: "Edit the sheet" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.getByLabel("Date last reviewed").fill("2026-03-01");
  await page.getByRole("button", { name: "Save Sheet" }).click();
  await expect(status).toContainText("Version 3");
  await expect(status.getByText("Complete", { exact: true })).toBeVisible();
  await page.getByText("Version 2, replaced").click();
  await expect(page.getByText("Kauri Mills Limited").first()).toBeVisible();

  await page.goto(`/admin/catalog?q=${encodeURIComponent(name)}`);
  await expect(row).toContainText("Complete");
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(edit.getByText("Complete", { exact: true })).toBeVisible();
  await edit.getByRole("switch", { name: "Published" }).click();
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(row).toContainText("Published");
  await expectNoAxeViolations(page);

  // The product page now carries the sheet, as any visitor reads it.
  await page.goto(`/catalog/framing-stud-${stamp}`);
  const section = page.getByRole("region", { name: "Building product information" });
  await expect(section).toContainText("Class 1 designated building product");
  await expect(section).toContainText("last reviewed on 1 March 2026");
  await section.getByText("The full building product information").click();
  await expect(section.getByText("Kauri Mills Limited")).toBeVisible();
});
