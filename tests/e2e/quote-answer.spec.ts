// The customer's side of a quote in a real browser, on a phone's width: each answer (accept, ask
// for changes, decline) goes through with JavaScript off, and an Accept pressed before the
// scripts have loaded goes through as a plain form post; an answer the quote can no longer take
// shows where the quote now stands; a quote staff withdraw shows their reason, and the customer
// is e-mailed it. Staff draft and send each quote through the back office on this server first.
// The heading keeps the quote number whole at 360 and 375 px.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { parseMail } from "../integration/mail-support";
import { e2eState, expect, expectNoAxeViolations, startSession, test } from "./fixtures";

function outboxMails(marker: string) {
  const dir = path.join(e2eState().dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")))
    .filter((mail) => mail.text.includes(marker) || mail.subject.includes(marker));
}

/** The one mail about `number` whose subject matches, once the worker has written it. */
async function mailAbout(number: string, subject: RegExp) {
  await expect
    .poll(() => outboxMails(number).filter((mail) => subject.test(mail.subject)).length, { timeout: 20_000 })
    .toBe(1);
  const mail = outboxMails(number).find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no mail ${subject}`);
  return mail;
}

type SentQuote = { number: string; link: string; email: string; staffUrl: string };

/**
 * A visitor's enquiry, then (signed in as an admin on `staff`) its quote drafted with one line
 * and sent; returns the quote's number, the customer's link from their e-mail and the staff's page.
 */
async function sendQuote(staff: Page): Promise<SentQuote> {
  const marker = `Ans${crypto.randomBytes(3).toString("hex")}`;
  const email = `${marker.toLowerCase()}@example.co.nz`;
  await staff.goto("/contact");
  const contact = staff.getByRole("form", { name: "Contact form" });
  await contact.getByLabel("Full Name").fill(`Mere ${marker}`);
  await contact.getByLabel("Email").fill(email);
  await contact.getByLabel("Subject").selectOption("Quote Request");
  await contact.getByLabel("Message").fill("Please price 20 sheets of 12 mm plywood, delivered to Papakura.");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expect(staff.getByText("Thanks for contacting us!")).toBeVisible();

  await startSession(staff, "admin");
  await staff.goto(`/admin/contact-management?q=${marker}`);
  await staff.getByRole("link", { name: new RegExp(`^TC-\\d{4}-\\d{6} from Mere ${marker}`) }).click();
  await staff.getByRole("button", { name: "Create Quote" }).click();
  await expect(staff).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}$/);
  const heading = staff.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Quote TC-\d{4}-\d{6}-A$/);
  const number = ((await heading.textContent()) ?? "").replace("Quote ", "");
  const staffUrl = staff.url();
  if ((await staff.getByLabel("Line 1: description").count()) === 0) {
    await staff.getByRole("button", { name: "Add Line" }).click();
  }
  await staff.getByLabel("Line 1: description").fill("Plywood 12 mm");
  await staff.getByLabel("Quantity").first().fill("20");
  await staff.getByLabel("Unit price excl. GST").first().fill("54.90");
  await staff.getByRole("button", { name: "Send to Customer" }).click();
  await staff.getByRole("alertdialog").getByRole("button", { name: "Send Quote" }).click();
  await expect(staff.getByText("Quote sent", { exact: true })).toBeVisible();

  const mail = await mailAbout(number, /^Quote /);
  const link = /http:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? "";
  expect(link).not.toBe("");
  return { number, link, email, staffUrl };
}

/** A customer's browser at a phone's width, with or without JavaScript. */
async function customerPage(browser: Browser, { javaScript, width }: { javaScript: boolean; width: number }) {
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    viewport: { width, height: 800 },
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** The quote number in the heading sits on one line (it may wrap as a whole, never inside). */
async function expectNumberWhole(page: Page, number: string) {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(`Quote ${number}`);
  const numberText = heading.getByText(number, { exact: true });
  await expect(numberText).toBeVisible();
  const numberBoxes = await numberText.evaluate((element) => element.getClientRects().length);
  expect(numberBoxes).toBe(1);
}

test.describe.configure({ timeout: 120_000 });

const ANSWERS = [
  {
    name: "accepts",
    fill: async (page: Page) => {
      const form = page.getByRole("group", { name: "Accept this quote" });
      await form.getByLabel("Your name").fill("Mere Parata");
      await form.getByLabel("Purchase order number (optional)").fill("PO-5521");
      await form.getByLabel("I accept this quote and its terms.").check();
      await form.getByRole("button", { name: "Accept Quote" }).click();
    },
    shown: /You accepted this quote on .* \(Mere Parata\)/,
  },
  {
    name: "asks for changes",
    fill: async (page: Page) => {
      const form = page.getByRole("group", { name: "Ask for changes" });
      await form.getByLabel("What would you like changed?").fill("Could you quote 18 mm plywood instead?");
      await form.getByRole("button", { name: "Request Changes" }).click();
    },
    shown: /You asked for changes on/,
  },
  {
    name: "declines",
    fill: async (page: Page) => {
      const form = page.getByRole("group", { name: "Decline this quote" });
      await form.getByLabel("Reason").selectOption({ label: "Bought elsewhere" });
      await form.getByLabel("Comment (optional)").fill("Found it closer to site.");
      await form.getByRole("button", { name: "Decline Quote" }).click();
    },
    shown: /You declined this quote on .*Reason: Bought elsewhere/,
  },
] as const;

for (const answer of ANSWERS) {
  test(`with JavaScript off at 360 px, the customer ${answer.name} and the answer is recorded`, async ({
    page,
    browser,
  }) => {
    const sent = await sendQuote(page);
    const customer = await customerPage(browser, { javaScript: false, width: 360 });
    try {
      await customer.page.goto(sent.link);
      await expectNumberWhole(customer.page, sent.number);
      await expect(customer.page.getByText(/This quote is open until/)).toBeVisible();
      await answer.fill(customer.page);
      await expect(customer.page).toHaveURL(sent.link);
      await expect(customer.page.getByText(answer.shown)).toBeVisible();
      await expect(customer.page.getByRole("heading", { name: "Your answer" })).toHaveCount(0);
    } finally {
      await customer.close();
    }
    // The answered page, checked by axe in a browser that runs scripts (axe is one).
    await page.goto(sent.link);
    await expect(page.getByText(answer.shown)).toBeVisible();
    await expectNoAxeViolations(page);
    // The staff see the answer on the quote.
    await page.goto(sent.staffUrl);
    const badge = { accepts: "Accepted", "asks for changes": "Changes requested", declines: "Declined" }[
      answer.name
    ];
    await expect(page.locator("[data-slot=badge]", { hasText: new RegExp(`^${badge}$`) })).toBeVisible();
    if (answer.name === "accepts") {
      // The customer's copy of their acceptance, with the quote attached.
      const copy = await mailAbout(sent.number, /^You accepted quote /);
      expect(copy.headers.get("to")).toBe(sent.email);
      expect(copy.text).toContain("Accepted by: Mere Parata");
      expect(copy.text).toContain("Purchase order: PO-5521");
      expect(copy.attachments.map((a) => a.filename)).toEqual([`Quote-${sent.number}.pdf`]);
    }
  });
}

test("an Accept pressed before the page's scripts have loaded goes through as a plain form post", async ({
  page,
  browser,
}) => {
  const sent = await sendQuote(page);
  const customer = await customerPage(browser, { javaScript: true, width: 360 });
  try {
    // The page's JavaScript modules never arrive, as on a slow connection: the page stays as the
    // server rendered it, and its forms post as HTML forms.
    await customer.page.route(/\/assets\/.*\.js$/, () => undefined);
    await customer.page.goto(sent.link, { waitUntil: "commit" });
    const form = customer.page.getByRole("group", { name: "Accept this quote" });
    await form.getByLabel("Your name").fill("Mere Parata");
    await form.getByLabel("I accept this quote and its terms.").check();
    await form.getByRole("button", { name: "Accept Quote" }).click();
    await expect(customer.page.getByText(/You accepted this quote on .* \(Mere Parata\)/)).toBeVisible();
    await expect(customer.page).toHaveURL(sent.link);
  } finally {
    await customer.close();
  }
  await mailAbout(sent.number, /^You accepted quote /);
});

test("an answer to a quote answered meanwhile in another tab shows where the quote now stands", async ({
  page,
  browser,
}) => {
  const sent = await sendQuote(page);
  const customer = await customerPage(browser, { javaScript: true, width: 375 });
  try {
    const first = customer.page;
    await first.goto(sent.link);
    await expectNumberWhole(first, sent.number);
    await expectNoAxeViolations(first);
    const second = await first.context().newPage();
    await second.goto(sent.link);
    // Hydrated (hydrateRoot marks the document), so its answer goes by fetch, not as a page load.
    await second.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith("__reactContainer")),
    );

    const accept = first.getByRole("group", { name: "Accept this quote" });
    await accept.getByLabel("Your name").fill("Mere Parata");
    await accept.getByLabel("I accept this quote and its terms.").check();
    await accept.getByRole("button", { name: "Accept Quote" }).click();
    await expect(first.getByText(/You accepted this quote on/)).toBeVisible();

    // The second tab still shows the forms; its Decline is refused, and the page then shows the
    // quote's state in place of the forms, and why the answer was not taken.
    const decline = second.getByRole("group", { name: "Decline this quote" });
    await decline.getByLabel("Reason").selectOption({ label: "Price" });
    const refused = second.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith(".data"),
    );
    await decline.getByRole("button", { name: "Decline Quote" }).click();
    expect((await refused).status()).toBe(409);
    await expect(second.getByText(/You accepted this quote on .* \(Mere Parata\)/)).toBeVisible();
    await expect(second.getByRole("heading", { name: "Your answer" })).toHaveCount(0);
    await expect(second.getByText(/This quote is open until/)).toHaveCount(0);
    await expect(second.getByRole("alert")).toHaveText("This quote can no longer be answered.");
    await expectNoAxeViolations(second);
  } finally {
    await customer.close();
  }
});

test("staff withdraw a quote with a reason: the customer's page shows it and they are e-mailed it", async ({
  page,
  browser,
}) => {
  const sent = await sendQuote(page);
  const reason = "The supplier's price for this plywood rose on 1 May.";
  await page.goto(sent.staffUrl);
  await page.getByLabel("Reason for withdrawing").fill(reason);
  await page.getByRole("button", { name: "Withdraw Quote" }).click();
  await expect(page.getByText("Quote withdrawn", { exact: true })).toBeVisible();

  const mail = await mailAbout(sent.number, / withdrawn$/);
  expect(mail.subject).toBe(`Quote ${sent.number} withdrawn`);
  expect(mail.headers.get("to")).toBe(sent.email);
  expect(mail.text).toContain(`Reason: ${reason}`);

  const customer = await customerPage(browser, { javaScript: true, width: 360 });
  try {
    await customer.page.goto(sent.link);
    await expect(customer.page.getByText("This quote has been withdrawn")).toBeVisible();
    await expect(customer.page.getByText(`Reason: ${reason}`)).toBeVisible();
    await expect(customer.page.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
    await expectNoAxeViolations(customer.page);
  } finally {
    await customer.close();
  }
});
