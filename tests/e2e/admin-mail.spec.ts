// The back office's side of mail: Settings > Enquiries, and the dashboard's "Mail that failed"
// panel, where an admin sees mail the server could not deliver and sends it again.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { e2eState, expect, expectNoAxeViolations, startSession, test } from "./fixtures";

const adminPort = Number(process.env.E2E_PORT ?? 3111) + 1;

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function expectNoAxeViolationsAtBothWidths(page: Page) {
  await expectNoAxeViolations(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  if (size) await page.setViewportSize(size);
}

test("Settings > Enquiries: recipients one per line, retention in months, checked before saving", async ({
  page,
}) => {
  await startSession(page, "admin");
  await page.goto("/admin/settings?tab=enquiries");
  await expect(page.getByRole("link", { name: "Enquiries" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Enquiries", level: 2 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Active admins" })).toContainText("admin@e2e.test");
  await expectNoAxeViolationsAtBothWidths(page);

  const recipients = page.getByLabel("Notification recipients");
  const months = page.getByLabel("Keep attachments of closed enquiries for (months)");
  await expect(months).toHaveValue("24");
  await recipients.fill("desk@example.nz\nnot-an-address");
  await months.fill("0");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Please enter a valid email address: not-an-address")).toBeVisible();
  await expect(page.getByText("Keep attachments for at least 1 month")).toBeVisible();
  await expect(recipients).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await recipients.fill("Desk@Example.nz\nquotes@example.nz");
  await months.fill("36");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Enquiry settings updated successfully")).toBeVisible();
  await page.reload();
  await expect(recipients).toHaveValue("desk@example.nz\nquotes@example.nz");
  await expect(months).toHaveValue("36");

  // Back to the default (every active admin), so other journeys' mail goes where it did.
  await recipients.fill("");
  await months.fill("24");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Enquiry settings updated successfully")).toBeVisible();
});

/** Makes the admin server's outbox folder unwritable (a file in its place) until `restore`. */
function blockOutbox() {
  const dir = path.join(e2eState(adminPort).dataDir, "outbox");
  const aside = `${dir}-aside-${crypto.randomBytes(3).toString("hex")}`;
  const existed = fs.existsSync(dir);
  if (existed) fs.renameSync(dir, aside);
  fs.writeFileSync(dir, "not a folder");
  return {
    dir,
    restore() {
      fs.rmSync(dir, { force: true });
      if (existed && fs.existsSync(aside)) fs.renameSync(aside, dir);
    },
  };
}

function emlFilesWith(dir: string, marker: string) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs.readdirSync(dir).filter((name) => fs.readFileSync(path.join(dir, name), "utf8").includes(marker));
}

test("mail that could not be delivered is listed for admins, and Retry delivers it", async ({ page }) => {
  const marker = `fail${crypto.randomBytes(4).toString("hex")}`;
  const outbox = blockOutbox();
  try {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Full Name").fill(`Rangi ${marker}`);
    await form.getByLabel("Email").fill(`${marker}@example.co.nz`);
    await form.getByLabel("Subject").selectOption("Quote Request");
    await form.getByLabel("Message").fill("Please quote 12 sheets of 10mm plasterboard.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thanks for contacting us!")).toBeVisible();

    await startSession(page, "admin");
    await page.goto("/admin");
    const panel = page.getByRole("region", { name: "Mail that failed" });
    const mine = panel.getByRole("listitem").filter({ hasText: marker });
    await expect
      .poll(
        async () => {
          await page.reload();
          return mine.count();
        },
        { timeout: 20_000 },
      )
      .toBe(2);
    await expect(mine.first()).toContainText("after 1 attempt");
    await expect(mine.filter({ hasText: "Customer acknowledgement" })).toContainText(
      `To ${marker}@example.co.nz`,
    );
    await expectNoAxeViolationsAtBothWidths(page);
  } finally {
    outbox.restore();
  }

  const panel = page.getByRole("region", { name: "Mail that failed" });
  const staffMail = panel.getByRole("listitem").filter({ hasText: `from Rangi ${marker}` });
  await staffMail.getByRole("button", { name: /^Retry: New enquiry/ }).click();
  await expect(toast(page, "Mail queued to send again")).toBeVisible();
  await expect(staffMail).toHaveCount(0);
  const ack = panel.getByRole("listitem").filter({ hasText: `${marker}@example.co.nz` });
  await ack.getByRole("button", { name: /^Retry: We have your enquiry/ }).click();
  await expect(ack).toHaveCount(0);
  await expect.poll(() => emlFilesWith(outbox.dir, marker).length, { timeout: 15_000 }).toBe(2);
});

test("sales staff see no mail panel on the dashboard", async ({ page }) => {
  await startSession(page, "sales");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mail that failed" })).toHaveCount(0);
});
