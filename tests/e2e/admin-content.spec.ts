// Home Management, the home content list, Case Studies and Certifications in the back office:
// what an admin changes there is what a visitor then sees on the public site. axe-core runs on
// every screen and dialog on the way.
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

test("the hero title changed in Home Management is the home page's heading; Cancel restores it", async ({
  page,
}) => {
  const title = `Kiln-dried framing ${Date.now()}`;
  await startSession(page, "admin");
  await page.goto("/admin/home-management");
  await expect(page.getByRole("heading", { level: 1, name: "Home Management" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Hero Section", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Edit Hero Section" }).click();
  await expect(page).toHaveURL(/tab=hero&edit=1/);
  const saved = await page.getByLabel("Title", { exact: true }).inputValue();
  await page.getByLabel("Title", { exact: true }).fill("Not kept");
  await expect(page.getByTestId("hero-preview")).toContainText("Not kept");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/tab=hero$/);
  await expect(page.getByTestId("hero-preview")).toContainText(saved);

  await page.getByRole("link", { name: "Edit Hero Section" }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Subtitle").fill("Delivered to site across Auckland");
  await expect(page.getByTestId("hero-preview")).toContainText(title);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Hero section updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/tab=hero$/);
  await expect(page.getByTestId("hero-preview")).toContainText(title);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("a review added in Customer Reviews appears on the home page", async ({ page }) => {
  const name = `Hemi Walker ${Date.now()}`;
  await startSession(page, "admin");
  await page.goto("/admin/home-management?tab=reviews");
  await expect(page.getByRole("heading", { name: "Customer Reviews" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Review" });
  await expect(dialog.getByLabel("Rating")).toHaveValue("5");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Company").fill("Walker Decks");
  await dialog.getByLabel("Project").fill("Deck and pergola, Ōrewa");
  await dialog.getByLabel("Review").fill("Straight answers and the timber was on site the next morning.");
  await dialog.getByLabel("Rating").selectOption("4");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Review" }).click();
  await expect(page.getByText("Review created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

  await page.goto("/");
  const review = page.getByTestId("reviews").getByTestId("review").filter({ hasText: name });
  await expect(review).toBeVisible();
  await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
});

test("a home content row switched inactive in /admin/home is gone from the home page", async ({ page }) => {
  // A long journey (two axe scans, two saves, two home renders): slower than 30 s on a busy CI box.
  test.setTimeout(60_000);
  const title = `Winter deals on decking ${Date.now()}`;
  await startSession(page, "admin");
  await page.goto("/admin/home-management");
  await page.getByRole("link", { name: "Hero Carousel" }).click();
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Home Content" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Content" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Content" });
  await dialog.getByLabel("Section type").selectOption("hero");
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Display order").fill("0");
  await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Content created successfully")).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("hero-slide").filter({ hasText: title })).toHaveCount(1);

  await page.goto("/admin/home");
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("switch", { name: `Active: ${title}` }).click();
  await expect(page.getByText("Content updated successfully")).toBeVisible();
  await expect(row.getByRole("switch", { name: `Active: ${title}` })).not.toBeChecked();
  await page.goto("/");
  await expect(page.getByTestId("hero-slide").filter({ hasText: title })).toHaveCount(0);

  await page.goto("/admin/home");
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this content?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Content deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/home-management$/);
});

test("the category and catalog tabs list their items and pass axe", async ({ page }) => {
  await startSession(page, "admin");
  await page.goto("/admin/home-management?tab=categories");
  await expect(page.getByRole("heading", { name: "Browse Categories" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Timber" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Edit Timber" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Category Item" });
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue("Timber");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Monthly Catalog" }).click();
  await expect(page).toHaveURL(/tab=catalog/);
  await expect(page.getByRole("table", { name: "Monthly Catalog" }).getByRole("row")).toHaveCount(2);
  await expectNoAxeViolations(page);
});

test("a case study created with materials is on /case-study with those materials", async ({ page }) => {
  const title = `Piha bach re-clad ${Date.now()}`;
  await startSession(page, "admin");
  await page.goto("/admin/case-studies");
  await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Case Study" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Case Study" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Category").selectOption({ label: "Residential" });
  await dialog.getByLabel("Duration (months)").fill("4");
  await dialog.getByRole("textbox", { name: "Material 1" }).fill("Cedar weatherboards");
  await dialog.getByRole("button", { name: "Add material" }).click();
  await dialog.getByRole("textbox", { name: "Material 2" }).fill("Stainless nails");
  await dialog.getByRole("button", { name: "Add material" }).click();
  await dialog.getByRole("button", { name: "Remove material 3" }).click();
  await dialog.getByLabel("Challenge").fill("Salt spray on an exposed west coast site.");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Case Study" }).click();
  await expect(page.getByText("Case study created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search case studies" }).fill("stainless nails");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Residential");
  await expect(row).toContainText("4 months");

  await page.goto("/case-study");
  await page.getByRole("link", { name: `View Details: ${title}` }).click();
  const details = page.getByRole("dialog", { name: title });
  await expect(details.getByRole("region", { name: "Materials Used" }).getByRole("listitem")).toHaveText([
    "Cedar weatherboards",
    "Stainless nails",
  ]);
});

test("a certification uploaded with downloads off shows View but no Download on /certifications", async ({
  page,
}) => {
  const title = `H3.2 treatment certificate ${Date.now()}`;
  await startSession(page, "admin");
  await page.goto("/admin/certifications");
  await expect(page.getByRole("heading", { level: 1, name: "Certifications" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add Certification" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Certification" });
  await expect(dialog.getByRole("switch", { name: "Allow download" })).toBeChecked();
  await dialog.getByRole("button", { name: "Create Certification" }).click();
  // All three required fields are named on the first submit, not one after another.
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("File type is required")).toBeVisible();
  await expect(dialog.getByText("File URL is required")).toBeVisible();

  await dialog.getByLabel("Title").fill(title);
  await dialog
    .getByLabel("Upload a file (PDF, PNG or JPEG)")
    .setInputFiles({ name: "certificate.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByText("File uploaded successfully")).toBeVisible();
  await expect(dialog.getByLabel("Or enter the file URL")).toHaveValue(/^\/files\/certificates\/.+\.pdf$/);
  await expect(dialog.getByLabel("File type")).toHaveValue("PDF");
  await dialog.getByRole("switch", { name: "Allow download" }).click();
  await expect(dialog.getByRole("switch", { name: "Allow download" })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Certification" }).click();
  await expect(page.getByText("Certification created successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("PDF");

  await page.goto("/certifications");
  const card = page.getByRole("main").getByRole("article").filter({ hasText: title });
  await expect(card.getByRole("link", { name: /^View/ })).toBeVisible();
  await expect(card.getByRole("link", { name: /^Download/ })).toHaveCount(0);
});
