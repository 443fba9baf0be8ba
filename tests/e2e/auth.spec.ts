import type { Page } from "@playwright/test";
import { E2E_USER } from "./accounts";
import { credentials, expect, expectNoAxeViolations, signIn, test } from "./fixtures";
import { confirmationLinkFor, confirmationLinksFor } from "./outbox";

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

test("a customer lands on My account; the staff area sends them back; /auth says Access Limited", async ({
  page,
}) => {
  await signIn(page, "user");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My account" }),
  ).toBeAttached();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Access Limited" })).toBeVisible();
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

test("after a failed sign-in, signing in leaves Welcome back! alone on screen", async ({ page }) => {
  await page.goto("/auth");
  const { email, password } = credentials("sales", Number(new URL(page.url()).port));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const failed = page.locator("[data-sonner-toast]").filter({ hasText: "Sign In Failed" });
  await expect(failed).toBeVisible();
  // The pointer rests on the toast (which holds it on screen, whatever the machine's speed) while
  // the right password is typed and sent from the keyboard.
  await failed.hover();
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("Sign In Failed")).toHaveCount(0);
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
  // The page was already "/": the sign-out is done when the header no longer offers it.
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
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

/** Fills and sends the sign-in form; the status of the answer to the post. */
async function tryPassword(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/auth"));
  await page.getByRole("button", { name: "Sign In" }).click();
  return (await answer).status();
}

const LOCKED =
  /Too many failed sign-in attempts for this e-mail address\. Please try again in \d+ minutes?\./;

test("after five failed sign-ins an account is refused with a clear message", async ({ page }) => {
  const email = `locked.${Date.now()}@e2e.test`;
  await page.goto("/auth");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await tryPassword(page, email, `guess-number-${attempt}`);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  }
  await tryPassword(page, email, "guess-number-6");
  await expect(page.getByRole("alert").filter({ hasText: LOCKED })).toBeVisible();
  await expect(page.getByText("Sign In Failed").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("without JavaScript the refusal is the same page with status 429", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `locked.nojs.${Date.now()}@e2e.test`;
  await page.goto("/auth");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect(await tryPassword(page, email, `guess-number-${attempt}`)).toBe(400);
    await expect(page.getByText("Sign In Failed: Invalid email or password")).toBeVisible();
  }
  expect(await tryPassword(page, email, "guess-number-6")).toBe(429);
  await expect(page.getByRole("alert").filter({ hasText: "Sign In Failed" })).toHaveText(
    new RegExp(`^Sign In Failed: ${LOCKED.source}$`),
  );
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await context.close();
});

test("an unknown e-mail and a wrong password get the same answer", async ({ page }) => {
  await page.goto("/auth");
  const origin = new URL(page.url()).origin;
  // An address of the same length as the real one, so even the page's length matches.
  const unknown = `${"x".repeat(E2E_USER.email.indexOf("@"))}${E2E_USER.email.slice(E2E_USER.email.indexOf("@"))}`;
  async function post(email: string) {
    const response = await page.request.post("/auth", {
      form: { intent: "sign-in", email, password: "not-the-right-one" },
      headers: { origin },
      maxRedirects: 0,
    });
    const headers = Object.entries(response.headers())
      .filter(([name]) => name !== "date")
      .map(([name, value]) => [name, value.replace(/nonce-[^']+/g, "nonce-N")]);
    const text = await response.text();
    return {
      status: response.status(),
      headers,
      failed: text.includes("Sign In Failed") && text.includes("Invalid email or password"),
    };
  }
  const wrongPassword = await post(E2E_USER.email);
  const unknownEmail = await post(unknown);
  expect(wrongPassword.status).toBe(400);
  expect(wrongPassword.failed).toBe(true);
  expect(unknownEmail).toEqual(wrongPassword);
});

test("a session cookie kept from before sign-out no longer opens the back office", async ({
  page,
  context,
}) => {
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  const session = (await context.cookies()).find((cookie) => cookie.name.includes("session_token"));
  expect(session).toBeDefined();
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // Someone who copied the cookie puts it back.
  if (session) await context.addCookies([session]);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);
});

/** An account signed up (not yet confirmed) through the form post, as the page sends it. */
async function signUpUnconfirmed(page: Page, email: string, password: string) {
  await page.goto("/auth");
  const signUp = await page.request.post("/auth", {
    form: { intent: "sign-up", name: "Mere Builder", email, password },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
}

test("a refused sign-up is titled Sign Up Failed; a sign-up says Account created", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Need an account? Sign up" }).click();
  await page.getByLabel("Name").fill("Aroha Builder");
  await page.getByLabel("Email").fill(`new.${Date.now()}@e2e.test`);
  await page.getByLabel("Password").fill("superman");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Sign Up Failed").first()).toBeVisible();
  await expect(page.getByText(/too common/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Password").fill("a-fine-long-password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Account created").filter({ visible: true }).first()).toBeVisible();
  await expect(
    page.getByText("Check your e-mail to confirm your address.").filter({ visible: true }).first(),
  ).toBeVisible();
});

test("a new account signs in only once the mailed confirmation link is opened", async ({ page }) => {
  const email = `confirm.${Date.now()}@e2e.test`;
  const password = "a-fine-long-password";
  await signUpUnconfirmed(page, email, password);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Sign In Failed").first()).toBeVisible();
  await expect(page.getByText(/Email not verified/).first()).toBeVisible();
  // A new link is one press away.
  await expect(page.getByText("Your e-mail address is not confirmed yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send a new confirmation link" }).click();
  await expect(page.getByText("Check your e-mail").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText("Sign In Failed")).toHaveCount(0);

  await expect.poll(() => confirmationLinkFor(email), { timeout: 15_000 }).not.toBeNull();
  await page.goto(confirmationLinkFor(email) ?? "/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("E-mail address confirmed").filter({ visible: true }).first()).toBeVisible();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
});

test("after the session ends, signing in again returns to the page that was loading", async ({
  page,
  context,
}) => {
  await signIn(page, "sales");
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/catalog");
  await expect(page.getByRole("heading", { name: "Catalog Management" })).toBeVisible();
  // The session ends (signed out elsewhere, or timed out); the next page loads its data.
  await context.clearCookies();
  await page
    .getByRole("navigation", { name: "Products pages" })
    .getByRole("link", { name: "Page 2" })
    .click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fcatalog%3Fpage%3D2$/);
  const { email, password } = credentials("sales", Number(new URL(page.url()).port));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\?page=2$/);
  await expect(page.getByRole("heading", { name: "Catalog Management" })).toBeVisible();
});

test("without JavaScript, an unconfirmed account asks for a new link from the sign-in page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `confirm.nojs.${Date.now()}@e2e.test`;
  const password = "a-fine-long-password";
  await signUpUnconfirmed(page, email, password);
  await expect.poll(() => confirmationLinksFor(email).length, { timeout: 15_000 }).toBe(1);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Sign In Failed: Email not verified")).toBeVisible();
  await page.getByRole("button", { name: "Send a new confirmation link" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toContainText(
    "If this address has an account waiting for confirmation, a new link is on its way.",
  );
  await expect.poll(() => confirmationLinksFor(email).length, { timeout: 15_000 }).toBe(2);
  await context.close();
});
