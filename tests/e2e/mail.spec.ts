// A visitor's enquiry reaches people: on the embedded default (no SMTP_URL) the staff e-mail and
// the customer's acknowledgement appear as .eml files under the server's DATA_DIR/outbox.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseMail } from "../integration/mail-support";
import { e2eState, expect, test } from "./fixtures";

function outboxMailsWith(marker: string) {
  const dir = path.join(e2eState().dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => ({ name, raw: fs.readFileSync(path.join(dir, name), "utf8") }))
    .filter((file) => file.raw.includes(marker))
    .map((file) => ({ name: file.name, ...parseMail(file.raw) }));
}

test("a contact enquiry leaves the staff e-mail and the acknowledgement as .eml files", async ({ page }) => {
  const marker = `mail${crypto.randomBytes(4).toString("hex")}`;
  const email = `${marker}@example.co.nz`;
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill(`Aroha ${marker}`);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Subject").selectOption("Quote Request");
  await form.getByLabel("Message").fill("Please quote 40 lengths of 90x45 H3.2 framing.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();

  // The worker is woken by the enquiry; the files follow within moments.
  await expect.poll(() => outboxMailsWith(marker).length, { timeout: 15_000 }).toBe(2);
  const mails = outboxMailsWith(marker);
  const staff = mails.find((m) => m.subject.startsWith("New enquiry"));
  const customer = mails.find((m) => m !== staff);
  const reference = /TC-\d{4}-\d{6}/.exec(staff?.subject ?? "")?.[0];
  expect(reference).toBeDefined();
  expect(staff?.subject).toBe(`New enquiry ${reference}: Quote Request from Aroha ${marker}`);
  expect(staff?.headers.get("to")).toBe("admin@e2e.test");
  expect(staff?.headers.get("reply-to")).toBe(email);
  expect(staff?.text).toContain(`Email:      ${email}`);
  expect(staff?.text).toMatch(/\/admin\/contact-management\/[0-9a-f-]{36}/);
  expect(customer?.headers.get("to")).toBe(email);
  expect(customer?.subject).toBe(`We have your enquiry: ${reference}`);
  expect(customer?.text).toContain(`Your reference number is ${reference}.`);
  // A summary, not a copy: the message stays with staff.
  expect(customer?.text).toContain("Subject:    Quote Request");
  expect(customer?.text).not.toContain("Please quote 40 lengths of 90x45 H3.2 framing.");
  expect(staff?.text).toContain("Please quote 40 lengths of 90x45 H3.2 framing.");
});
