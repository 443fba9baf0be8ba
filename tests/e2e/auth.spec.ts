import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

test("an admin signs in and lands on the dashboard", async ({ page }) => {
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("a sales user signs in and lands on the dashboard", async ({ page }) => {
  await signIn(page, "sales");
  await expect(page).toHaveURL(/\/admin$/);
});

test("a user without a staff role sees Access Limited and can sign out", async ({ page }) => {
  await signIn(page, "user");
  await expect(page.getByRole("heading", { name: "Access Limited" })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth");
  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
});

test("a wrong password shows Sign In Failed", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("admin@e2e.test");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Sign In Failed").first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("an empty sign-in form shows the required messages", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("the admin signs out from the header of the public site", async ({ page }) => {
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);
});

test("an anonymous visitor to /admin is sent to sign in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);
  await expectNoAxeViolations(page);
});

test("an unknown route shows the 404 screen with a link home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  // Checked here, on the 404 screen: the home page's fade-in would be measured mid-animation.
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
