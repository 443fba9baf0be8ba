// User Management: an admin creates a staff account, deactivates it (which signs it out and
// keeps it out), reactivates, edits and deletes it; an admin cannot remove themselves.
import { E2E_ADMIN } from "./accounts";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

test("an admin creates a sales account, which then signs in; deactivated, it cannot", async ({
  page,
  browser,
}) => {
  // A long journey: an account created, signed in twice in a second browser (its password hashed
  // and checked at the production cost), deactivated, activated, renamed and deleted.
  test.slow();
  const stamp = Date.now();
  const email = `kiri.${stamp}@e2e.test`;
  const password = "a-long-sales-password";
  await startSession(page, "admin");
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "User Management" })
    .click();
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Create User" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User" });
  await dialog.getByLabel("Name").fill("Kiri Tane");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("too-short");
  await dialog.getByLabel("Role").selectOption("sales");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByText("Password must be at least 12 characters for staff accounts")).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText("User created successfully")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Kiri Tane");
  await expect(row).toContainText("sales");
  await expect(row).toContainText("Active");

  // The new account signs in, in a browser of its own.
  const other = await browser.newContext();
  const kiri = await other.newPage();
  await kiri.goto("/auth");
  await kiri.getByLabel("Email").fill(email);
  await kiri.getByLabel("Password").fill(password);
  await kiri.getByRole("button", { name: "Sign In" }).click();
  await expect(kiri).toHaveURL(/\/admin$/);

  await row.getByRole("button", { name: "Deactivate Kiri Tane" }).click();
  await expect(page.getByText("User updated successfully")).toBeVisible();
  await expect(row).toContainText("Inactive");

  // Their open session ended at once.
  await kiri.goto("/admin/catalog");
  await expect(kiri).toHaveURL(/\/auth/);
  await kiri.getByLabel("Email").fill(email);
  await kiri.getByLabel("Password").fill(password);
  await kiri.getByRole("button", { name: "Sign In" }).click();
  await expect(kiri.getByText("Sign In Failed").first()).toBeVisible();
  await other.close();

  await row.getByRole("button", { name: "Activate Kiri Tane" }).click();
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText("Inactive");

  await row.getByRole("button", { name: "Edit Kiri Tane" }).click();
  const edit = page.getByRole("dialog", { name: "Edit User" });
  await expect(edit.getByLabel("Password")).toHaveValue("");
  await edit.getByLabel("Name").fill("Kiri Tane-Smith");
  await edit.getByRole("button", { name: "Update User" }).click();
  await expect(page.getByText("User updated successfully").first()).toBeVisible();
  const renamed = page.getByRole("row").filter({ hasText: email });
  await expect(renamed).toContainText("Kiri Tane-Smith");

  await renamed.getByRole("button", { name: "Delete Kiri Tane-Smith" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("User deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("an admin's own row cannot be deleted or deactivated, and their role is fixed", async ({ page }) => {
  await startSession(page, "admin");
  await page.goto(`/admin/users?q=${encodeURIComponent(E2E_ADMIN.email)}`);
  const own = page.getByRole("row").filter({ hasText: E2E_ADMIN.email });
  await expect(own.getByRole("button", { name: /^Delete / })).toBeDisabled();
  await expect(own.getByRole("button", { name: /^Deactivate / })).toBeDisabled();
  await own.getByRole("button", { name: /^Edit / }).click();
  await expect(page.getByRole("dialog", { name: "Edit User" }).getByLabel("Role")).toBeDisabled();
});

test("a search with no match shows the empty text", async ({ page }) => {
  await startSession(page, "admin");
  await page.goto("/admin/users?q=nobody-has-this-name");
  await expect(page.getByText("No users found. Create your first user to get started.")).toBeVisible();
});

test("a sales user who opens User Management sees Access Denied (403) and no users", async ({ page }) => {
  await startSession(page, "sales");
  const response = await page.goto("/admin/users");
  expect(response?.status()).toBe(403);
  expect(response?.statusText()).toBe("Forbidden");
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByText(E2E_ADMIN.email)).toHaveCount(0);
  await expectNoAxeViolations(page);
});
