// A customer's way in without a password: the sign-in page's "e-mail me a sign-in link", the
// link in the e-mail (which only asks them to press Sign in), their account with their details,
// on a phone and with JavaScript off throughout.
import fs from "node:fs";
import path from "node:path";
import { parseMail } from "../integration/mail-support";
import { E2E_USER } from "./accounts";
import { e2eState, expect, expectNoAxeViolations, startSession, test, waitForHydration } from "./fixtures";
import { withoutJavaScript } from "./pdf";

/** The newest sign-in link mailed to `email` (the embedded server writes mail as .eml files). */
function newestSignInLink(email: string) {
  const dir = path.join(e2eState().dataDir, "outbox");
  if (!fs.existsSync(dir)) return null;
  const links = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => ({
      mtime: fs.statSync(path.join(dir, name)).mtimeMs,
      raw: fs.readFileSync(path.join(dir, name), "utf8"),
    }))
    .map((file) => ({ ...file, mail: parseMail(file.raw) }))
    .filter(
      (file) =>
        file.mail.subject === "Your sign-in link for Trade Counter" &&
        (file.mail.headers.get("to") ?? "").includes(email),
    )
    .sort((a, b) => a.mtime - b.mtime);
  const text = links.at(-1)?.mail.text ?? "";
  return /https?:\/\/[^/\s]+(\/auth\/sign-in-link\?token=[A-Za-z0-9]+)/.exec(text)?.[1] ?? null;
}

test("a customer signs in with an e-mailed link on a phone, without JavaScript, and saves their details", async ({
  browser,
}) => {
  await withoutJavaScript(browser, async (page) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/auth");
    await page.getByRole("link", { name: "Customers: e-mail me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Sign in with an e-mail link" })).toBeVisible();
    const before = newestSignInLink(E2E_USER.email);
    await page.getByRole("form", { name: "Sign-in link" }).getByLabel("Email").fill(E2E_USER.email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(
      page.getByText("If this address has a customer account, a sign-in link is on its way."),
    ).toBeVisible();

    await expect.poll(() => newestSignInLink(E2E_USER.email), { timeout: 15_000 }).not.toBe(before);
    const link = newestSignInLink(E2E_USER.email) as string;
    await page.goto(link);
    await expect(page.getByText("Press Sign in to finish signing in on this device.")).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();

    await page.getByLabel("Phone").fill("not a phone!");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await page.getByLabel("Phone").fill("021 555 0199");
    await page.getByLabel("Company").fill("Uma Builds Ltd");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Your details are saved")).toBeVisible();
    await expect(page.getByLabel("Company")).toHaveValue("Uma Builds Ltd");

    // The link worked once: opened again, it signs nobody in.
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("This sign-in link has expired or has been used.")).toBeVisible();
  });
});

test("a signed-in customer's details form checks its fields in the browser, at desktop width", async ({
  page,
}) => {
  await startSession(page, "user");
  await page.goto("/account");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await page.getByLabel("Name").fill("");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Name").fill(E2E_USER.name);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Your details are saved" }),
  ).toBeVisible();
});
