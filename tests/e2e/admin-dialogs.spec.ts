// The add dialogs of the back office: after the server refused a save once, the corrected save
// closes the dialog, shows the toast and lists the record once; a double click on Create makes
// one record.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_SALES } from "./accounts";
import { expect, startSession, test } from "./fixtures";

/** A real 1x1 PNG. */
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function marker() {
  return crypto.randomBytes(4).toString("hex");
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function search(page: Page, box: string, text: string) {
  await page.getByRole("searchbox", { name: box }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

test("a product refused by the server, then corrected, is saved once and the dialog closes", async ({
  page,
}) => {
  const name = `Refused then saved ${marker()}`;
  await startSession(page, "admin");
  await page.goto("/admin/catalog");
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill(name);
  // Text posing as a PNG: the browser lets it through, the server reads its bytes and refuses.
  await dialog
    .getByLabel("Upload an image")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(dialog.getByText("Please upload an image file")).toBeVisible();

  await dialog.getByLabel("Upload an image").setInputFiles({
    name: "real.png",
    mimeType: "image/png",
    buffer: Buffer.from(ONE_PIXEL_PNG, "base64"),
  });
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(toast(page, "Product created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, "Search products", name.split(" ").at(-1) as string);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
});

test("a double click on Create Product makes one product", async ({ page }) => {
  const name = `Double clicked ${marker()}`;
  await startSession(page, "admin");
  await page.goto("/admin/catalog");
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create Product" }).dblclick();
  await expect(toast(page, "Product created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, "Search products", name.split(" ").at(-1) as string);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
});

// React may apply a quick refusal without rendering the dialog busy: the error toast shows and the
// dialog takes the corrected save all the same.
test("a user refused for a taken e-mail, then corrected, is created once; a double click makes one", async ({
  page,
}) => {
  const tag = marker();
  await startSession(page, "admin");
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Create User" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User" });
  await dialog.getByLabel("Name").fill(`Corrected ${tag}`);
  await dialog.getByLabel("Email").fill(E2E_SALES.email);
  await dialog.getByLabel("Password").fill("a-long-enough-password");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(toast(page, "Failed to create user")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Email").fill(`corrected-${tag}@example.nz`);
  await dialog.getByLabel("Password").fill("a-long-enough-password");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(toast(page, "User created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Create User" }).click();
  await dialog.getByLabel("Name").fill(`Twice ${tag}`);
  await dialog.getByLabel("Email").fill(`twice-${tag}@example.nz`);
  await dialog.getByLabel("Password").fill("a-long-enough-password");
  await dialog.getByRole("button", { name: "Create User" }).dblclick();
  await expect(dialog).toBeHidden();

  await search(page, "Search users", tag);
  await expect(page.getByRole("row").filter({ hasText: `corrected-${tag}@example.nz` })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: `twice-${tag}@example.nz` })).toHaveCount(1);
});
