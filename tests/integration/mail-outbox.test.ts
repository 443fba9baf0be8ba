// The outbox under trouble: the SMTP server down (the enquiry is saved at once, the mail waits
// and goes exactly once when the server is back), retries running out, a relay's final refusal,
// workers racing for the same rows, a worker that died mid-send, and the worker itself.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { getMailHealth } from "~/modules/dashboard/mail.server";
import { setDatabase } from "~/server/db/db.server";
import { contactQueries, mailOutbox, users } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import {
  CLAIM_LOCK_MS,
  claimDueMail,
  drainOutbox,
  enqueueMail,
  retryDelaySeconds,
  retryMail,
  startMailWorker,
  stopMailWorker,
  wakeMailWorker,
} from "~/server/mail/outbox.server";
import { createSmtpTransport, type MailTransport, type OutgoingMail } from "~/server/mail/transport.server";
import { issueFormToken } from "~/server/security/form-token.server";
import { getStorage } from "~/server/storage/storage.server";
import { settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction } from "../support/enquiry";
import { deadPort, startSmtpServer } from "./mail-support";

const database = useTestDatabase();

beforeEach(async () => {
  const db = database.current.db;
  await db.delete(mailOutbox);
  await db.delete(contactQueries);
  await db.delete(users);
  await db.insert(users).values({
    id: crypto.randomUUID(),
    name: "Owner",
    email: "owner@example.nz",
    role: "admin",
  });
});

let ip = 0;

async function submitEnquiry() {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: "Aroha Ngata",
    email: "aroha@example.co.nz",
    subject: "Quote Request",
    message: "Please quote 40 lengths of 90x45 H3.2 framing.",
    formToken: issueFormToken(new Date(Date.now() - 60_000)),
  })) {
    form.append(name, value);
  }
  ip += 1;
  const request = new Request("http://localhost/contact", { method: "POST", body: form });
  return settle(() => contactEnquiryAction(request, { clientIp: `192.0.2.${ip}` }));
}

async function rows() {
  return database.current.db.select().from(mailOutbox).orderBy(mailOutbox.kind);
}

function queue(n: number, subject = "Test message") {
  return database.current.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      await enqueueMail(tx, {
        kind: "staff_notification",
        recipients: [`staff${i}@example.nz`],
        subject: `${subject} ${i}`,
        text: "Body",
      });
    }
  });
}

/** Mails a recorder has begun to send (cleared before each test). */
const sending: OutgoingMail[] = [];
beforeEach(() => {
  sending.length = 0;
});

/** A transport that records what it was asked to send, optionally slowly or failing. */
function recorder(options: { delayMs?: number; hold?: Promise<void>; fail?: Error } = {}) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    describe: () => "recorder",
    async send(mail) {
      sending.push(mail);
      if (options.hold) await options.hold;
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (options.fail) throw options.fail;
      sent.push(mail);
    },
    async close() {},
  };
  return { sent, transport };
}

test("SMTP down: the enquiry is saved at once, the mail waits, and goes exactly once when SMTP is back", async () => {
  const port = await deadPort();
  const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 2000 });
  try {
    const outcome = await submitEnquiry();
    expect(outcome.status).toBe(200);
    // Answered without trying the relay: the mail is still waiting in the outbox, untried.
    expect(await database.current.db.select().from(contactQueries)).toHaveLength(1);
    expect((await rows()).map((r) => r.status)).toEqual(["pending", "pending"]);

    const t0 = new Date();
    expect(await drainOutbox({ transport, now: t0 })).toEqual({
      claimed: 2,
      sent: 0,
      retrying: 2,
      failed: 0,
    });
    const waiting = await rows();
    const base = getEnv().MAIL_RETRY_BASE_SECONDS;
    for (const row of waiting) {
      expect(row.status).toBe("pending");
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.lockedUntil).toBeNull();
      expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + base * 1000);
    }
    // Not due yet: nothing is tried.
    expect((await drainOutbox({ transport, now: new Date(t0.getTime() + 1000) })).claimed).toBe(0);

    const smtp = await startSmtpServer(port);
    try {
      const later = new Date(t0.getTime() + (base + 1) * 1000);
      expect(await drainOutbox({ transport, now: later })).toEqual({
        claimed: 2,
        sent: 2,
        retrying: 0,
        failed: 0,
      });
      expect(smtp.received).toHaveLength(2);
      const stored = await rows();
      expect(stored.every((r) => r.status === "sent" && r.attempts === 2 && r.lastError === null)).toBe(true);
      expect(smtp.received.map((m) => m.messageId).sort()).toEqual(stored.map((r) => r.messageId).sort());

      // Nothing is sent twice, however often or late the worker drains.
      expect((await drainOutbox({ transport, now: new Date(later.getTime() + 86_400_000) })).claimed).toBe(0);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await transport.close();
      await smtp.close();
    }
  } finally {
    await transport.close();
  }
});

test("a stored file goes with its message as an attachment, byte for byte", async () => {
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), crypto.randomBytes(4096)]);
  const stored = await getStorage().put("quotes", "quote.pdf", new Uint8Array(pdf));
  await enqueueMail(database.current.db, {
    kind: "quote",
    recipients: ["mere@example.co.nz"],
    subject: "Quote TC-2026-000123-A",
    text: "Your quote is attached.",
    attachments: [
      { filename: "Quote-TC-2026-000123-A.pdf", contentType: "application/pdf", path: stored.path },
    ],
  });
  const smtp = await startSmtpServer();
  const transport = createSmtpTransport(smtp.url, { timeoutMs: 2000 });
  try {
    expect(await drainOutbox({ transport })).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = smtp.received;
    expect(mail?.text).toContain("Your quote is attached.");
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["Quote-TC-2026-000123-A.pdf", "application/pdf"],
    ]);
    expect(mail?.attachments[0]?.content.equals(pdf)).toBe(true);
  } finally {
    await transport.close();
    await smtp.close();
  }
});

test("retries back off from the base delay, doubling, capped at an hour", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds(n, 30))).toEqual([
    30, 60, 120, 240, 480, 960, 1920, 3600,
  ]);
  expect(retryDelaySeconds(1, 0)).toBe(0);
});

test("after MAIL_MAX_ATTEMPTS failures the mail is failed and on the dashboard; Retry sends it", async () => {
  const max = getEnv().MAIL_MAX_ATTEMPTS;
  const port = await deadPort();
  const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 2000 });
  await queue(1, "Will fail");
  let now = new Date();
  try {
    for (let attempt = 1; attempt <= max; attempt++) {
      const result = await drainOutbox({ transport, now });
      expect(result.claimed, `attempt ${attempt}`).toBe(1);
      const [row] = await rows();
      expect(row?.attempts).toBe(attempt);
      expect(row?.status).toBe(attempt < max ? "pending" : "failed");
      now = new Date((row?.nextAttemptAt ?? now).getTime() + 1);
    }
    expect((await drainOutbox({ transport, now: new Date(now.getTime() + 86_400_000) })).claimed).toBe(0);

    const health = await getMailHealth();
    expect(health.failedCount).toBe(1);
    expect(health.waiting).toBe(0);
    expect(health.failed[0]).toMatchObject({
      kind: "staff_notification",
      recipients: ["staff0@example.nz"],
      subject: "Will fail 0",
      attempts: max,
    });
    expect(health.failed[0]?.lastError).toMatch(/ECONNREFUSED/);
  } finally {
    await transport.close();
  }

  const [failed] = await rows();
  expect(await retryMail(failed?.id ?? "")).toBe(true);
  expect(await retryMail(failed?.id ?? "")).toBe(false);
  expect(await getMailHealth()).toMatchObject({ failedCount: 0, waiting: 1 });
  const smtp = await startSmtpServer();
  const live = createSmtpTransport(smtp.url, { timeoutMs: 2000 });
  try {
    expect(await drainOutbox({ transport: live })).toMatchObject({ sent: 1 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Will fail 0"]);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  } finally {
    await live.close();
    await smtp.close();
  }
});

test("a relay's final refusal (5xx) fails the mail at once instead of retrying it for hours", async () => {
  const smtp = await startSmtpServer(0, {
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
    },
  });
  const transport = createSmtpTransport(smtp.url, { timeoutMs: 2000 });
  try {
    await queue(1);
    expect(await drainOutbox({ transport })).toMatchObject({ failed: 1, retrying: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row?.lastError).toMatch(/No such mailbox/);
  } finally {
    await transport.close();
    await smtp.close();
  }
});

test("drains racing for the same rows send each message exactly once", async () => {
  await queue(40);
  const { sent, transport } = recorder({ delayMs: 2 });
  const results = await Promise.all([
    drainOutbox({ transport, limit: 15 }),
    drainOutbox({ transport, limit: 15 }),
    drainOutbox({ transport, limit: 15 }),
    drainOutbox({ transport, limit: 15 }),
  ]);
  expect(results.reduce((n, r) => n + r.claimed, 0)).toBe(40);
  expect(sent).toHaveLength(40);
  expect(new Set(sent.map((m) => m.messageId)).size).toBe(40);
  expect((await rows()).every((r) => r.status === "sent")).toBe(true);
});

test("a claim whose worker died is taken over once its lock runs out, and the late worker changes nothing", async () => {
  await queue(1);
  const t0 = new Date();
  const [claimed] = await claimDueMail(database.current.db, t0, 10);
  expect(claimed?.status).toBe("sending");
  const { sent, transport } = recorder();
  // Still locked: another drain leaves it alone.
  expect((await drainOutbox({ transport, now: new Date(t0.getTime() + 60_000) })).claimed).toBe(0);
  // The lock ran out: the row is sent by the next drain.
  const later = new Date(t0.getTime() + CLAIM_LOCK_MS + 1000);
  expect(await drainOutbox({ transport, now: later })).toMatchObject({ claimed: 1, sent: 1 });
  expect(sent).toHaveLength(1);
  expect(sent[0]?.messageId).toBe(claimed?.messageId);
  // The first claim's holder reports a failure late: the sent row stays sent.
  await database.current.db
    .update(mailOutbox)
    .set({ status: "pending", lastError: "late" })
    .where(eq(mailOutbox.lockedUntil, claimed?.lockedUntil as Date));
  expect((await rows())[0]).toMatchObject({ status: "sent", lastError: null });
});

async function waitFor(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

test("the worker sends queued mail when woken, and a slow relay does not slow the visitor", async () => {
  let release = () => {};
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  const smtp = await startSmtpServer(0, { hold });
  const transport = createSmtpTransport(smtp.url, { timeoutMs: 20_000 });
  startMailWorker({ transport, intervalMs: 60_000 });
  try {
    expect((await submitEnquiry()).status).toBe(200);
    // The worker is now waiting on the relay, which holds the first enquiry's mail unanswered.
    await waitFor(() => smtp.receiving() >= 1);
    // The next visitor is answered while the relay still holds it: nothing has been delivered.
    expect((await submitEnquiry()).status).toBe(200);
    expect(smtp.received).toHaveLength(0);
    release();
    // The second enquiry's wake came during a drain: one more drain follows it, no tick needed.
    await waitFor(() => smtp.received.length >= 4);
    expect(smtp.received).toHaveLength(4);
  } finally {
    await stopMailWorker();
    await transport.close();
    await smtp.close();
  }
  expect((await rows()).every((r) => r.status === "sent")).toBe(true);
});

test("stopping the worker waits for the drain in flight", async () => {
  await queue(3);
  const { sent, transport } = recorder({ delayMs: 300 });
  startMailWorker({ transport, intervalMs: 60_000 });
  await new Promise((r) => setTimeout(r, 50));
  expect(sent).toHaveLength(0);
  await stopMailWorker();
  expect(sent).toHaveLength(3);
  expect((await rows()).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
});

test("stopping does not wait past its limit for a send that hangs", async () => {
  await queue(1);
  let release = () => {};
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { sent, transport } = recorder({ hold });
  startMailWorker({ transport, intervalMs: 60_000 });
  await waitFor(() => sending.length === 1);
  // The send hangs until released; stopping returns at its limit all the same.
  await stopMailWorker({ timeoutMs: 100 });
  expect(sent).toHaveLength(0);
  expect((await rows())[0]?.status).toBe("sending");
  // The send in flight still finishes and is recorded.
  release();
  await waitFor(() => sent.length === 1);
  await new Promise((r) => setTimeout(r, 100));
  expect((await rows())[0]?.status).toBe("sent");
});

test("a database outage does not crash the worker; it carries on when the database is back", async () => {
  await queue(2);
  const { sent, transport } = recorder({ fail: undefined });
  setDatabase(undefined);
  try {
    startMailWorker({ transport, intervalMs: 20 });
    wakeMailWorker();
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toHaveLength(0);
  } finally {
    setDatabase(database.current);
  }
  wakeMailWorker();
  await new Promise((r) => setTimeout(r, 200));
  await stopMailWorker();
  expect(sent).toHaveLength(2);
});
