// Every kind of mail goes out exactly once, with the mail worker running as the server runs it
// (woken by each entry point, sending over SMTP to a loopback server): the message arrives, its
// row is marked sent, and a drain after the claim lock has run out finds nothing to send again.
import crypto from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { MailKind } from "~/lib/vocabulary";
import { runCertificateReminders } from "~/modules/certifications/reminders.server";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { runQuoteSweep } from "~/modules/quotes/lifecycle.server";
import { action as dashboardAction } from "~/routes/admin/dashboard";
import { action as quoteAction } from "~/routes/admin/quote";
import * as quotePage from "~/routes/public/quote";
import { getDb, inTransaction } from "~/server/db/db.server";
import { certifications, mailOutbox, rateLimitCounters } from "~/server/db/schema";
import {
  CLAIM_LOCK_MS,
  drainOutbox,
  enqueueMail,
  newMessageId,
  startMailWorker,
  stopMailWorker,
  wakeMailWorker,
} from "~/server/mail/outbox.server";
import { issueFormToken } from "~/server/security/form-token.server";
import { clientIpContext, cspNonceContext } from "~/server/security/request-context";
import { cookieFor, settle, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";
import { draftQuoteFor, quoteStaff, sendAs } from "../support/quotes";
import { useSmtpServer } from "./mail-support";
import { postAuth } from "./sign-in-support";

const database = useTestDatabase();
const db = () => database.current.db;
const mail = useSmtpServer();

beforeEach(async () => {
  await db().delete(mailOutbox);
  await db().delete(rateLimitCounters);
  mail.smtp.received.length = 0;
  // An admin to notify (enquiries, answers, certificate reminders), signed in for the back office.
  await cookieFor("admin", "mail-once");
  // The tick is an hour away: whatever goes out in a test went because its entry point woke the
  // worker after its commit.
  startMailWorker({ transport: mail.transport, intervalMs: 3_600_000 });
});

afterEach(async () => {
  await stopMailWorker();
});

let counter = 0;
function nextIp() {
  counter += 1;
  return `203.0.113.${counter}`;
}

/** Polls `condition` until it holds; fails with `what` when it has not within the bound. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function copiesOf(messageId: string) {
  return mail.smtp.received.filter((message) => message.messageId === messageId).length;
}

async function outbox(kinds: MailKind[]) {
  return db().select().from(mailOutbox).where(inArray(mailOutbox.kind, kinds)).orderBy(mailOutbox.kind);
}

/**
 * Waits until the worker has delivered every message of these kinds, lets its drain finish, then
 * drains again with a clock past the claim lock: each message must have arrived once and be
 * marked sent, and the late drain must find nothing. Returns the rows.
 */
async function expectSentOnce(kinds: MailKind[]) {
  const queued = await outbox(kinds);
  expect(queued.map((row) => row.kind).sort()).toEqual(expect.arrayContaining([...kinds].sort()));
  await until(
    () => queued.every((row) => copiesOf(row.messageId) >= 1),
    `the SMTP server received every ${kinds.join(", ")} message`,
  );
  // Waits for the drain in flight: the rows are settled when it returns.
  await stopMailWorker();
  const settled = await outbox(kinds);
  const late = await drainOutbox({
    transport: mail.transport,
    now: new Date(Date.now() + CLAIM_LOCK_MS + 60_000),
  });
  expect(queued.map((row) => [row.kind, copiesOf(row.messageId)])).toEqual(
    queued.map((row) => [row.kind, 1]),
  );
  expect(late.claimed).toBe(0);
  expect(settled.map((row) => [row.kind, row.status])).toEqual(queued.map((row) => [row.kind, "sent"]));
  return settled;
}

async function submitEnquiry() {
  const form = new FormData();
  const fields = { ...VALID_ENQUIRY, formToken: issueFormToken(new Date(Date.now() - 60_000)) };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/contact", { method: "POST", body: form });
  return settle(() => contactEnquiryAction(request, { clientIp: nextIp() }));
}

/** Rendering a quote's PDF the first time in a worker takes seconds on a busy machine. */
const QUOTE_TEST_TIMEOUT_MS = 60_000;

const LINE = { description: "Plywood 12mm", quantityMilli: "3", unit: "sheet", unitPriceCents: "19.99" };

/** Sends a new draft quote the way staff do: the builder's form posted with intent "send". */
async function sendFromBackOffice(days = 20) {
  const actor = await quoteStaff();
  const { enquiry, draft } = await draftQuoteFor(db(), actor, { days });
  const fields: Record<string, string> = {
    intent: "send",
    customerName: "Mere Parata",
    customerEmail: enquiry.email,
    validUntil: nzDatePlusDays(days),
    noteToCustomer: "Delivery included.",
  };
  for (const [name, value] of Object.entries(LINE)) fields[`lines[0].${name}`] = value;
  const request = new Request(`http://localhost/admin/quotes/${draft.id}`, {
    method: "POST",
    headers: { cookie: await cookieFor("admin", "mail-once") },
    body: new URLSearchParams(fields),
  });
  const outcome = await settle(() =>
    quoteAction({ request, params: { id: draft.id }, context: new RouterContextProvider() } as never),
  );
  return { outcome, enquiry, draft };
}

test(
  "a quote sent from the back office reaches the customer once, never again after the claim lock",
  async () => {
    const { outcome, enquiry } = await sendFromBackOffice();
    expect(outcome.status).toBe(302);
    expect(await toastOf(outcome)).toBe("Quote sent");
    const [row] = await expectSentOnce(["quote"]);
    expect(row?.recipients).toEqual([enquiry.email]);
    const received = mail.smtp.received.find((message) => message.messageId === row?.messageId);
    expect(received?.to).toEqual([enquiry.email]);
    expect(received?.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
  },
  QUOTE_TEST_TIMEOUT_MS,
);

test("an enquiry's acknowledgement and its staff notification go once each", async () => {
  expect((await submitEnquiry()).status).toBe(200);
  const rows = await expectSentOnce(["customer_acknowledgement", "staff_notification"]);
  expect(rows).toHaveLength(2);
  expect(rows[0]?.recipients).toEqual([VALID_ENQUIRY.email]);
});

test("a sign-up's confirmation link goes once", async () => {
  const email = `builder-${crypto.randomBytes(4).toString("hex")}@example.nz`;
  const answer = await postAuth({
    intent: "sign-up",
    name: "Aroha Builder",
    email,
    password: "a-fine-long-password",
  });
  expect(answer.status).toBe(302);
  const [row] = await expectSentOnce(["account_confirmation"]);
  expect(row?.recipients).toEqual([email]);
});

test(
  "the customer's answer reaches staff once",
  async () => {
    const { enquiry } = await sendFromBackOffice();
    await expectSentOnce(["quote"]);
    const [quoteMail] = mail.smtp.received;
    const token = /\/quote\/([A-Za-z0-9_-]{43})/.exec(quoteMail?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");

    startMailWorker({ transport: mail.transport, intervalMs: 3_600_000 });
    const context = new RouterContextProvider();
    context.set(cspNonceContext, "test-nonce");
    context.set(clientIpContext, nextIp());
    const request = new Request(`http://localhost/quote/${token}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "accept",
        name: "Mere Parata",
        purchaseOrder: "PO-7781",
        acceptTerms: "on",
      }),
    });
    const answered = await settle(() => quotePage.action({ request, params: { token }, context } as never));
    expect(answered.status).toBeLessThan(400);
    const [row] = await expectSentOnce(["quote_answer"]);
    expect(row?.enquiryId).toBe(enquiry.id);
    expect(row?.subject).toMatch(/^Quote TC-\d{4}-\d{6}-A accepted$/);
  },
  QUOTE_TEST_TIMEOUT_MS,
);

test(
  "a quote's reminder goes once",
  async () => {
    const actor = await quoteStaff();
    const { draft } = await draftQuoteFor(db(), actor, { days: 3 });
    await sendAs(actor, draft.id);
    await expectSentOnce(["quote"]);

    startMailWorker({ transport: mail.transport, intervalMs: 3_600_000 });
    const swept = await runQuoteSweep();
    expect(swept.reminded).toBeGreaterThanOrEqual(1);
    const rows = await expectSentOnce(["quote_reminder"]);
    expect(rows.map((row) => row.subject)).toContainEqual(
      expect.stringMatching(new RegExp(`^Reminder: quote ${draft.number} is valid until `)),
    );
  },
  QUOTE_TEST_TIMEOUT_MS,
);

test("a certificate's expiry reminder goes once", async () => {
  await db().delete(certifications);
  await db()
    .insert(certifications)
    .values({
      title: "CodeMark: Fibre cement weatherboard",
      fileUrl: "/files/certificates/x.pdf",
      fileType: "PDF",
      scheme: "codemark",
      certificateNumber: "CM-40123",
      expiresOn: nzDatePlusDays(7),
      registerCheckedOn: nzDatePlusDays(0),
    });
  const result = await runCertificateReminders();
  expect(result).toEqual({ expiry: 1, registerCheck: 0 });
  const [row] = await expectSentOnce(["certificate_reminder"]);
  expect(row?.subject).toMatch(/CodeMark: Fibre cement weatherboard/);
});

test("a failed message retried from the dashboard goes once more, and only once", async () => {
  const [failed] = await db()
    .insert(mailOutbox)
    .values({
      kind: "staff_notification",
      recipients: ["owner@example.nz"],
      subject: "New enquiry",
      textBody: "Body",
      messageId: newMessageId(),
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
      nextAttemptAt: new Date(),
    })
    .returning();
  if (!failed) throw new Error("not stored");
  const request = new Request("http://localhost/admin", {
    method: "POST",
    headers: { cookie: await cookieFor("admin", "mail-once") },
    body: new URLSearchParams({ intent: "retry-mail", id: failed.id }),
  });
  const outcome = await settle(() =>
    dashboardAction({ request, params: {}, context: new RouterContextProvider() } as never),
  );
  expect(outcome.status).toBe(302);
  expect(await toastOf(outcome)).toBe("Mail queued to send again");
  const [row] = await expectSentOnce(["staff_notification"]);
  expect(row?.id).toBe(failed.id);
});

test("mail queued by a write that rolls back is never sent", async () => {
  await expect(
    inTransaction(async () => {
      await enqueueMail(getDb(), {
        kind: "staff_notification",
        recipients: ["owner@example.nz"],
        subject: "Never sent",
        text: "Body",
      });
      wakeMailWorker();
      // The write goes on after the wake (an audit event, the next record) and then fails.
      for (let step = 0; step < 3; step++) await getDb().execute(sql`select 1`);
      throw new Error("a later step failed");
    }),
  ).rejects.toThrow("a later step failed");
  // Waits for any drain the wake started.
  await stopMailWorker();
  expect(mail.smtp.received).toEqual([]);
  expect(await outbox(["staff_notification"])).toEqual([]);
});

test("the outbox is never drained inside a transaction", async () => {
  await expect(inTransaction(() => drainOutbox({ transport: mail.transport }))).rejects.toThrow(
    "The outbox is drained outside a transaction: call wakeMailWorker() instead",
  );
});
