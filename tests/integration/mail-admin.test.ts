// The back office's side of mail: Settings > Enquiries (who is notified, attachment retention)
// and the dashboard's failed-mail panel with its Retry, each for admins only.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { saveEnquirySettings } from "~/modules/settings/commands.server";
import { getEnquirySettings } from "~/modules/settings/enquiry-settings.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { mailOutbox } from "~/server/db/schema";
import { enqueueMail } from "~/server/mail/outbox.server";
import { fieldErrorsOf, getLoader, postAction, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

beforeEach(async () => {
  await database.current.db.delete(mailOutbox);
  await saveEnquirySettings({ notificationRecipients: [], attachmentRetentionMonths: 24 });
});

function saveSettings(fields: Record<string, string>, role: "admin" | "sales" = "admin") {
  return postAction(
    settingsAction,
    "/admin/settings?tab=enquiries",
    { intent: "save-enquiry-settings", ...fields },
    role,
  );
}

test("the Enquiries tab shows the saved settings and who 'every active admin' is today", async () => {
  await saveEnquirySettings({ notificationRecipients: ["desk@example.nz"], attachmentRetentionMonths: 12 });
  const data = (await getLoader(settingsLoader, "/admin/settings?tab=enquiries")) as {
    tab: string;
    enquiries: unknown;
    activeAdmins: string[];
  };
  expect(data.tab).toBe("enquiries");
  expect(data.enquiries).toEqual({
    notificationRecipients: ["desk@example.nz"],
    attachmentRetentionMonths: 12,
  });
  expect(data.activeAdmins).toContain("admin-admin-action@example.nz");
});

test("saving the enquiry settings: one address per line, trimmed, lower-cased, without repeats", async () => {
  const outcome = await saveSettings({
    notificationRecipients: " Desk@Example.nz \r\n\r\nquotes@example.nz\ndesk@example.nz\n",
    attachmentRetentionMonths: "36",
  });
  expect(outcome.status).toBe(302);
  expect(outcome.location).toBe("/admin/settings?tab=enquiries");
  expect(await toastOf(outcome)).toBe("Enquiry settings updated successfully");
  expect(await getEnquirySettings()).toEqual({
    notificationRecipients: ["desk@example.nz", "quotes@example.nz"],
    attachmentRetentionMonths: 36,
  });

  // Empty means every active admin again.
  expect((await saveSettings({ notificationRecipients: "", attachmentRetentionMonths: "24" })).status).toBe(
    302,
  );
  expect((await getEnquirySettings()).notificationRecipients).toEqual([]);
});

test("bad enquiry settings answer 400 with the field's message and change nothing", async () => {
  await saveEnquirySettings({ notificationRecipients: ["desk@example.nz"], attachmentRetentionMonths: 12 });
  const cases: [Record<string, string>, string, string][] = [
    [
      { notificationRecipients: "desk@example.nz\nnot-an-address", attachmentRetentionMonths: "24" },
      "notificationRecipients",
      "Please enter a valid email address: not-an-address",
    ],
    [
      {
        notificationRecipients: Array.from({ length: 21 }, (_, i) => `p${i}@example.nz`).join("\n"),
        attachmentRetentionMonths: "24",
      },
      "notificationRecipients",
      "At most 20 recipients",
    ],
    [
      { attachmentRetentionMonths: "0" },
      "attachmentRetentionMonths",
      "Keep attachments for at least 1 month",
    ],
    [
      { attachmentRetentionMonths: "121" },
      "attachmentRetentionMonths",
      "Keep attachments for at most 120 months",
    ],
    [{ attachmentRetentionMonths: "1.5" }, "attachmentRetentionMonths", "Enter a whole number of months"],
    [{ attachmentRetentionMonths: "" }, "attachmentRetentionMonths", "Enter a number of months"],
  ];
  for (const [fields, field, message] of cases) {
    const outcome = await saveSettings(fields);
    expect(outcome.status, JSON.stringify(fields)).toBe(400);
    expect(fieldErrorsOf(outcome)[field]).toEqual([message]);
  }
  expect(await getEnquirySettings()).toEqual({
    notificationRecipients: ["desk@example.nz"],
    attachmentRetentionMonths: 12,
  });
});

test("sales can neither open the Enquiries tab nor save it", async () => {
  await expect(getLoader(settingsLoader, "/admin/settings?tab=enquiries", "sales")).rejects.toMatchObject({
    status: 302,
  });
  const outcome = await saveSettings(
    { notificationRecipients: "me@example.nz", attachmentRetentionMonths: "1" },
    "sales",
  );
  expect(outcome.status).toBe(403);
  expect((await getEnquirySettings()).notificationRecipients).toEqual([]);
});

async function failedMail(subject: string) {
  const queued = await database.current.db.transaction((tx) =>
    enqueueMail(tx, {
      kind: "customer_acknowledgement",
      recipients: ["aroha@example.co.nz"],
      subject,
      text: "Body",
    }),
  );
  await database.current.db
    .update(mailOutbox)
    .set({ status: "failed", attempts: 8, lastError: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525" })
    .where(eq(mailOutbox.id, queued.id));
  return queued.id;
}

type DashboardData = {
  mail: {
    ok: true;
    value: { failed: { id: string; subject: string; lastError: string }[]; waiting: number };
  } | null;
};

test("admins see failed mail and what is waiting on the dashboard; sales see no mail at all", async () => {
  await failedMail("We have your enquiry: TC-2026-000001");
  await database.current.db.transaction((tx) =>
    enqueueMail(tx, {
      kind: "staff_notification",
      recipients: ["owner@example.nz"],
      subject: "Waiting",
      text: "x",
    }),
  );
  const admin = (await getLoader(dashboardLoader, "/admin")) as DashboardData;
  expect(admin.mail?.ok).toBe(true);
  expect(admin.mail?.value.waiting).toBe(1);
  expect(admin.mail?.value.failed.map((m) => [m.subject, m.lastError])).toEqual([
    ["We have your enquiry: TC-2026-000001", "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525"],
  ]);
  const sales = (await getLoader(dashboardLoader, "/admin", "sales")) as DashboardData;
  expect(sales.mail).toBeNull();
  expect(JSON.stringify(sales)).not.toContain("aroha@example.co.nz");
});

test("Retry puts a failed mail back in the queue; sales get 403; a bad or settled id is refused", async () => {
  const id = await failedMail("Retry me");
  const denied = await postAction(dashboardAction, "/admin?index", { intent: "retry-mail", id }, "sales");
  expect(denied.status).toBe(403);
  const [still] = await database.current.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  expect(still?.status).toBe("failed");

  const outcome = await postAction(dashboardAction, "/admin?index", { intent: "retry-mail", id });
  expect(outcome.status).toBe(302);
  expect(outcome.location).toBe("/admin");
  expect(await toastOf(outcome)).toBe("Mail queued to send again");
  const [row] = await database.current.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  expect(row).toMatchObject({ status: "pending", attempts: 0 });

  const again = await postAction(dashboardAction, "/admin?index", { intent: "retry-mail", id });
  expect(again.status).toBe(400);
  const bad = await postAction(dashboardAction, "/admin?index", { intent: "retry-mail", id: "nope" });
  expect(bad.status).toBe(400);
  expect(fieldErrorsOf(bad).id).toEqual(["Invalid record"]);
});
