// The whole quoting loop in a real browser: an enquiry sent with three products on its quote list
// becomes a draft quote prefilled with them (their stock codes too), is edited and sent; the
// customer's e-mail (an .eml file on the embedded default) has the PDF attached (each line's code
// printed on it) and the link; the link's page shows the same
// total and takes the customer's acceptance with an order number; the enquiry is then Won and the
// quote locked, a late edit refused by the server.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parseMail } from "../integration/mail-support";
import { e2eState, expect, expectNoAxeViolations, signIn, startSession, test } from "./fixtures";
import { pdfText } from "./pdf";

/** The admin server's port: the back-office journeys run against it. */
function adminPort(baseURL: string | undefined) {
  return Number(new URL(baseURL ?? "http://localhost:3112").port);
}

/** A state badge (the history lists the same words as plain text). */
function badge(page: Page, text: string) {
  return page.locator("[data-slot=badge]", { hasText: new RegExp(`^${text}$`) });
}

function outboxMails(port: number, marker: string) {
  const dir = path.join(e2eState(port).dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    .map((raw) => parseMail(raw))
    .filter((mail) => mail.text.includes(marker) || mail.subject.includes(marker));
}

test("an enquiry's quote list becomes a quote the customer accepts online, with the PDF mailed", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const port = adminPort(baseURL);
  const marker = `Quote${crypto.randomBytes(3).toString("hex")}`;

  // A visitor's enquiry with three products from the catalogue on its quote list.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/catalog");
  const ids = await page
    .locator('form input[name="productId"]')
    .evaluateAll((inputs) =>
      [...new Set(inputs.map((input) => (input as HTMLInputElement).value))].slice(0, 3),
    );
  expect(ids).toHaveLength(3);
  await page.context().addCookies([
    {
      name: "tc_quote",
      value: ids.map((id, i) => `${id.replaceAll("-", "")}:${i + 2}`).join("."),
      url: baseURL ?? "",
    },
  ]);
  await page.goto("/contact");
  const contact = page.getByRole("form", { name: "Contact form" });
  await contact.getByLabel("Full Name").fill(`Mere ${marker}`);
  await contact.getByLabel("Email").fill(`${marker.toLowerCase()}@example.co.nz`);
  await contact.getByLabel("Subject").selectOption("Quote Request");
  await contact.getByLabel("Message").fill("Please price the products on my list, delivered to Papakura.");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();

  // Staff open it and create the quote: three lines at the catalogue's prices.
  await startSession(page, "admin");
  await page.goto(`/admin/contact-management?q=${marker}`);
  await page.getByRole("link", { name: new RegExp(`^TC-\\d{4}-\\d{6} from Mere ${marker}`) }).click();
  await page.getByRole("button", { name: "Create Quote" }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Quote TC-\d{4}-\d{6}-A$/);
  const number = ((await heading.textContent()) ?? "").replace("Quote ", "");
  const lines = page.getByRole("listitem").filter({ has: page.getByLabel(/^Line \d+: description$/) });
  await expect(lines).toHaveCount(3);
  // Each line carries its product's stock code (every demo product has one).
  const code = await page.getByLabel("Stock code").first().inputValue();
  expect(code).toMatch(/^[A-Z0-9][A-Z0-9./_-]+$/);
  await expectNoAxeViolations(page);

  // Edited: a discount on the first line and a delivery line; the total previews as typed.
  await page.getByLabel("Discount %").first().fill("10");
  await page.getByRole("button", { name: "Add Line" }).click();
  await expect(lines).toHaveCount(4);
  await page.getByLabel("Line 4: description").fill("Delivery to site");
  await page.getByLabel("Unit price excl. GST").nth(3).fill("45");
  // A catalogue product added from the picker by keyboard, in trade words: a line with its name,
  // stock code, unit and price; then removed again.
  const picker = page.getByRole("combobox", { name: "Add a catalogue product" });
  await picker.pressSequentially("90 x 45 h3.2 framing");
  const offered = page.getByRole("listbox", { name: "Catalogue products" }).getByRole("option");
  await expect(offered.first()).toContainText("H3.2 Treated Pine 90x45 Framing 4.8m");
  await expect(offered.first()).toContainText(" / ");
  await expectNoAxeViolations(page);
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(lines).toHaveCount(5);
  await expect(page.getByLabel("Line 5: description")).toHaveValue("H3.2 Treated Pine 90x45 Framing 4.8m");
  await expect(page.getByLabel("Stock code").nth(4)).not.toHaveValue("");
  await expect(page.getByLabel("Unit price excl. GST").nth(4)).toHaveValue(/^\d+\.\d{2}$/);
  await expect(picker).toHaveValue("");
  await page.getByRole("button", { name: "Remove H3.2 Treated Pine 90x45 Framing 4.8m" }).click();
  await expect(lines).toHaveCount(4);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Quote saved")).toBeVisible();
  await expect(page.getByLabel("Line 4: description")).toHaveValue("Delivery to site");
  // Sending asks first, saying to whom, for how much and until when.
  await page.getByRole("button", { name: "Send to Customer" }).click();
  const ask = page.getByRole("alertdialog", { name: `Send quote ${number} to the customer?` });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(`${marker.toLowerCase()}@example.co.nz`);
  await expectNoAxeViolations(page);
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await expect(badge(page, "Draft")).toBeVisible();
  // The page's own asking (where Send to Customer leads before scripts run; the journey without
  // them is below).
  await page.goto(`${page.url()}?step=send`);
  await expect(page.getByRole("region", { name: `Send quote ${number} to the customer?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to the draft" }).click();
  await page.getByRole("button", { name: "Send to Customer" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Send Quote" }).click();
  await expect(page.getByText("Quote sent", { exact: true })).toBeVisible();
  await expect(badge(page, "Sent")).toBeVisible();
  // Dates as the customer reads them ("26 December 2026"), not 2026-12-26.
  await expect(page.getByText(/^Valid until \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  const total = await page
    .locator("dt", { hasText: "Total incl. GST" })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);

  // The customer's e-mail: the PDF attached and the link.
  await expect
    .poll(() => outboxMails(port, number).filter((m) => m.subject.startsWith("Quote ")).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [mail] = outboxMails(port, number).filter((m) => m.subject.startsWith("Quote "));
  expect(mail?.subject).toBe(`Quote ${number} from Trade Counter Ltd`);
  expect(mail?.headers.get("to")).toBe(`${marker.toLowerCase()}@example.co.nz`);
  expect(mail?.text).toContain(`Total ${total} including GST`);
  expect(mail?.attachments.map((a) => a.filename)).toEqual([`Quote-${number}.pdf`]);
  expect(mail?.attachments[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
  expect(await pdfText(mail?.attachments[0]?.content ?? Buffer.alloc(0))).toContain(`Code: ${code}`);
  const link = /http:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0] ?? "";
  expect(link).not.toBe("");

  // The customer, with no account: the same total, then Accept with an order number.
  const customer = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const visitor = await customer.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(number);
  await expect(visitor.getByText(total ?? "", { exact: true }).first()).toBeVisible();
  // On a phone the lines are a list, each under its code.
  await expect(
    visitor.getByRole("list", { name: "Quoted items" }).getByText(`Code: ${code}`, { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(visitor);
  const accept = visitor.getByRole("group", { name: "Accept this quote" });
  await accept.getByLabel("Your name").fill(`Mere ${marker}`);
  await accept.getByLabel("Purchase order number (optional)").fill("PO-7781");
  await accept.getByLabel("I accept this quote and its terms.").check();
  await accept.getByRole("button", { name: "Accept Quote" }).click();
  await expect(visitor.getByText(/You accepted this quote on/)).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
  await customer.close();

  // Back office: the quote is accepted and locked, the enquiry Won, the staff told.
  await page.reload();
  await expect(badge(page, "Accepted")).toBeVisible();
  await expect(page.getByText(`Accepted by Mere ${marker}, purchase order PO-7781.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send to Customer" })).toHaveCount(0);
  const late = await page.request.post(page.url(), {
    form: { intent: "save", customerName: "X Y", customerEmail: "x@example.nz", validUntil: "2030-01-01" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(late.status()).toBe(400);
  await page.reload();
  await expect(
    page.locator("dt", { hasText: "Total incl. GST" }).locator("xpath=following-sibling::dd[1]"),
  ).toHaveText(total ?? "");
  await page.getByRole("link", { name: "Back to the enquiry" }).click();
  await expect(badge(page, "Won").first()).toBeVisible();
  // The audit log names the quote by its number.
  await page.goto(`/admin/audit?entity=quote&q=${encodeURIComponent(number)}`);
  await expect(page.getByText(`Sent quote ${number}`, { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(
        `^Updated quote ${number}: Line 1: discount 0% → 10%; Added line 4: Delivery to site, 1 each at \\$45\\.00;`,
      ),
    ),
  ).toBeVisible();
  await expect
    .poll(() => outboxMails(port, number).filter((m) => m.subject.endsWith("accepted")).length, {
      timeout: 20_000,
    })
    .toBe(1);
});

test("a draft sends without scripts too: Send to Customer saves it and the page asks before Send Quote", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const marker = `NoScript${crypto.randomBytes(3).toString("hex")}`;
  try {
    // An enquiry with one product on its quote list, sent as a visitor without scripts would.
    await page.goto("/catalog");
    const id = await page.locator('form input[name="productId"]').first().inputValue();
    await context.addCookies([
      { name: "tc_quote", value: `${id.replaceAll("-", "")}:2`, url: baseURL ?? "" },
    ]);
    await page.goto("/contact");
    const contact = page.getByRole("form", { name: "Contact form" });
    await contact.getByLabel("Full Name").fill(`Rewi ${marker}`);
    await contact.getByLabel("Email").fill(`${marker.toLowerCase()}@example.co.nz`);
    await contact.getByLabel("Subject").selectOption("Quote Request");
    await contact.getByLabel("Message").fill("Please price the product on my list.");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thanks for contacting us!")).toBeVisible();

    await signIn(page, "admin");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/contact-management?q=${marker}`);
    await page.getByRole("link", { name: new RegExp(`^TC-\\d{4}-\\d{6} from Rewi ${marker}`) }).click();
    await page.getByRole("button", { name: "Create Quote" }).click();
    await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Send to Customer" }).click();
    await expect(page).toHaveURL(/\?step=send$/);
    const ask = page.getByRole("region", { name: /^Send quote TC-\d{4}-\d{6}-A to the customer\?$/ });
    await expect(ask).toContainText(
      `It goes by e-mail to Rewi ${marker} (${marker.toLowerCase()}@example.co.nz)`,
    );
    await expect(badge(page, "Draft")).toBeVisible();
    await page.getByRole("button", { name: "Send Quote" }).click();
    await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
    await expect(badge(page, "Sent")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("Settings > Quotes refuses a GST number that is not one, and keeps its three number fields in line", async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await startSession(page, "admin");
  await page.goto("/admin/settings?tab=quotes");
  const gst = page.getByLabel("GST number");
  await gst.fill("abc");
  await gst.blur();
  await expect(page.getByText("A GST number has 8 or 9 digits, such as 49-091-850")).toBeVisible();
  await gst.fill("123-456-789");
  await expect(
    page.getByText("This GST number's digits do not add up: check it against the GST registration"),
  ).toBeVisible();
  await gst.fill("49-091-850");
  await expect(page.getByText(/GST number('s| has)/)).toHaveCount(0);
  // "Remind before expiry (days)" wraps at this width; its field stays level with the others.
  const tops = await Promise.all(
    ["GST rate (%)", "Valid for (days)", "Remind before expiry (days)"].map(
      async (label) => (await page.getByLabel(label).boundingBox())?.y,
    ),
  );
  expect(new Set(tops).size).toBe(1);
  await expectNoAxeViolations(page);
});

test("Settings > Quotes: attaching the consent pack to sent quotes is saved and shown back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await startSession(page, "admin");
  await page.goto("/admin/settings?tab=quotes");
  const toggle = page.getByRole("switch", { name: "Attach the consent pack to quotes sent to customers" });
  const save = async (on: boolean) => {
    if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Quote settings updated successfully")).toBeVisible();
    await page.reload();
    await expect(toggle).toHaveAttribute("aria-checked", String(on));
  };
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toHaveAccessibleDescription(
    "Each product's information sheet and certificates in one PDF; a pack too large to e-mail goes as a link to download it.",
  );
  try {
    await save(true);
    await expectNoAxeViolations(page);
  } finally {
    // Off again: the other journeys' quotes go with their PDF alone.
    await save(false);
  }
});
