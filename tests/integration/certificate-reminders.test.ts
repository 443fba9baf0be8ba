// Certificate reminders, sent through the outbox to a real (in-process) SMTP server: 90, 30 and 7
// days before expiry, each exactly once per certificate and expiry date, only the most urgent
// threshold passed when the sweep first sees a certificate late; the monthly register check; a
// second sweep (a restart) and two racing sweeps send nothing more. And the page cache is emptied
// when New Zealand's date changes.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { formatNzDate, nzDatePlusDays } from "~/lib/nz-date";
import {
  createDateWatch,
  refreshPagesOnNewDay,
  runCertificateReminders,
} from "~/modules/certifications/reminders.server";
import { getPageCache } from "~/server/cache/invalidation.server";
import { certificateReminders, certifications, mailOutbox, users } from "~/server/db/schema";
import { drainOutbox } from "~/server/mail/outbox.server";
import { useTestDatabase } from "../support/database";
import { useSmtpServer } from "./mail-support";

const database = useTestDatabase();
const mail = useSmtpServer();

// 1 March 2026, early afternoon in New Zealand.
const START = new Date("2026-03-01T00:00:00Z");
const DAY = 86_400_000;

function daysLater(days: number) {
  return new Date(START.getTime() + days * DAY);
}

beforeEach(async () => {
  const db = database.current.db;
  await db.delete(mailOutbox);
  await db.delete(certifications);
  await db.delete(users);
  await db.insert(users).values([
    { id: crypto.randomUUID(), name: "Owner", email: "owner@example.nz", role: "admin" },
    { id: crypto.randomUUID(), name: "Second", email: "second@example.nz", role: "admin" },
    { id: crypto.randomUUID(), name: "Gone", email: "gone@example.nz", role: "admin", isActive: false },
    { id: crypto.randomUUID(), name: "Sales", email: "sales@example.nz", role: "sales" },
  ]);
  mail.smtp.received.length = 0;
});

async function addCertificate(values: Partial<typeof certifications.$inferInsert> & { title: string }) {
  const [row] = await database.current.db
    .insert(certifications)
    .values({ fileUrl: "/files/certificates/x.pdf", fileType: "PDF", ...values })
    .returning({ id: certifications.id });
  return row?.id as string;
}

/** Runs the sweep at `now`, sends what it queued, and answers the messages that arrived. */
async function sweepAndDeliver(now: Date) {
  const before = mail.smtp.received.length;
  await runCertificateReminders(now);
  await drainOutbox({ transport: mail.transport });
  return mail.smtp.received.slice(before);
}

test("reminders go at 90, 30 and 7 days before expiry, each once, to every active admin", async () => {
  const expiresOn = nzDatePlusDays(100, START);
  await addCertificate({
    title: "CodeMark: Fibre cement weatherboard",
    scheme: "codemark",
    certificateNumber: "CM-40123",
    expiresOn,
    // Checked just now: no register reminder in this test's first month.
    registerCheckedOn: nzDatePlusDays(0, START),
  });
  const sent: Record<number, string[]> = {};
  for (const day of [0, 9, 10, 11, 50, 70, 71, 92, 93, 94, 100, 101, 102]) {
    const left = 100 - day;
    const messages = await sweepAndDeliver(daysLater(day));
    sent[left] = messages
      .map((message) => message.subject)
      .filter((s) => s.startsWith("Certificate expires"));
  }
  const withMail = Object.entries(sent)
    .filter(([, subjects]) => subjects.length > 0)
    .map(([left, subjects]) => [Number(left), subjects.length]);
  expect(withMail.sort((a, b) => (b[0] as number) - (a[0] as number))).toEqual([
    [90, 1],
    [30, 1],
    [7, 1],
  ]);
  expect(sent[90]).toEqual(["Certificate expires in 90 days: CodeMark: Fibre cement weatherboard"]);

  const rows = await database.current.db.select().from(certificateReminders);
  expect(rows.filter((r) => r.kind.startsWith("expiry")).map((r) => [r.kind, r.period])).toEqual([
    ["expiry_90", expiresOn],
    ["expiry_30", expiresOn],
    ["expiry_7", expiresOn],
  ]);
});

test("the reminder says the certificate, its number, scheme, expiry date and days left, and links the back office", async () => {
  const expiresOn = nzDatePlusDays(30, START);
  await addCertificate({
    title: "BRANZ Appraisal 1234: Roof underlay",
    scheme: "branz_appraisal",
    certificateNumber: "1234 (2025)",
    expiresOn,
    registerCheckedOn: nzDatePlusDays(-1, START),
  });
  const [message, ...more] = await sweepAndDeliver(START);
  expect(more).toEqual([]);
  expect(message?.to.sort()).toEqual(["owner@example.nz", "second@example.nz"]);
  expect(message?.subject).toBe("Certificate expires in 30 days: BRANZ Appraisal 1234: Roof underlay");
  expect(message?.text).toContain("Certificate: BRANZ Appraisal 1234: Roof underlay");
  expect(message?.text).toContain("Number: 1234 (2025)");
  expect(message?.text).toContain("Scheme: BRANZ Appraisal");
  expect(message?.text).toContain(`Expires: ${formatNzDate(expiresOn)} (30 days left)`);
  expect(formatNzDate(expiresOn)).toBe("31 March 2026");
  expect(message?.text).toMatch(/https?:\/\/[^\s]+\/admin\/certifications/);
});

test("a sweep that first sees a certificate 20 days out sends the 30-day reminder only; the 7-day one still follows", async () => {
  await addCertificate({
    title: "Late starter",
    expiresOn: nzDatePlusDays(20, START),
  });
  const first = await sweepAndDeliver(START);
  expect(first.map((m) => m.subject)).toEqual(["Certificate expires in 20 days: Late starter"]);
  expect(await sweepAndDeliver(daysLater(5))).toEqual([]);
  const week = await sweepAndDeliver(daysLater(13));
  expect(week.map((m) => m.subject)).toEqual(["Certificate expires in 7 days: Late starter"]);
  const kinds = await database.current.db
    .select({ kind: certificateReminders.kind })
    .from(certificateReminders);
  expect(kinds.map((k) => k.kind).sort()).toEqual(["expiry_30", "expiry_7"]);
});

test("a renewed certificate (a new expiry date) is reminded again", async () => {
  const id = await addCertificate({ title: "Renewed", expiresOn: nzDatePlusDays(7, START) });
  expect((await sweepAndDeliver(START)).length).toBe(1);
  await database.current.db
    .update(certifications)
    .set({ expiresOn: nzDatePlusDays(30, daysLater(1)) })
    .where(eq(certifications.id, id));
  // Renewed the next day to expire 30 days on: a reminder for the new date.
  expect((await sweepAndDeliver(daysLater(1))).map((m) => m.subject)).toEqual([
    "Certificate expires in 30 days: Renewed",
  ]);
});

test("no reminders for a certificate that is suspended, withdrawn, draft or expired", async () => {
  for (const standing of ["suspended", "withdrawn", "draft"] as const)
    await addCertificate({
      title: `Standing ${standing}`,
      scheme: "codemark",
      certificateNumber: "1",
      standing,
      expiresOn: nzDatePlusDays(5, START),
    });
  await addCertificate({
    title: "Expired yesterday",
    scheme: "codemark",
    certificateNumber: "2",
    expiresOn: nzDatePlusDays(-1, START),
  });
  expect(await sweepAndDeliver(START)).toEqual([]);
  expect(await database.current.db.select().from(mailOutbox)).toEqual([]);
});

test("a monthly register check for each certificate with a scheme not checked in the last 30 days", async () => {
  await addCertificate({
    title: "Never checked",
    scheme: "codemark",
    certificateNumber: "CM-1",
    registerUrl: "https://www.building.govt.nz/codemark-register",
  });
  await addCertificate({
    title: "Checked long ago",
    scheme: "other",
    certificateNumber: "X-9",
    registerCheckedOn: nzDatePlusDays(-31, START),
    registerCheckedBy: "Mere",
  });
  await addCertificate({
    title: "Checked lately",
    scheme: "codemark",
    certificateNumber: "CM-2",
    registerCheckedOn: nzDatePlusDays(-30, START),
  });
  await addCertificate({ title: "Plain document" });

  const first = await sweepAndDeliver(START);
  expect(first.map((m) => m.subject).sort()).toEqual([
    "Check the register: Checked long ago",
    "Check the register: Never checked",
  ]);
  const never = first.find((m) => m.subject.endsWith("Never checked"));
  expect(never?.text).toContain("Register: https://www.building.govt.nz/codemark-register");
  expect(never?.text).toContain("Last checked: never");
  expect(never?.text).toContain("Scheme: CodeMark");
  expect(never?.text).toContain("Number: CM-1");
  expect(first.find((m) => m.subject.endsWith("long ago"))?.text).toContain(
    `Last checked: ${formatNzDate(nzDatePlusDays(-31, START))} by Mere`,
  );
  // Later the same month: nothing more. ("Checked lately" is now 40 days old, but its reminder
  // is this month's: it comes now, once.)
  const later = await sweepAndDeliver(daysLater(10));
  expect(later.map((m) => m.subject)).toEqual(["Check the register: Checked lately"]);
  expect(await sweepAndDeliver(daysLater(20))).toEqual([]);
  // The next month, the ones still not checked are reminded again.
  const april = await sweepAndDeliver(daysLater(31));
  expect(april.map((m) => m.subject).sort()).toEqual([
    "Check the register: Checked lately",
    "Check the register: Checked long ago",
    "Check the register: Never checked",
  ]);
});

test("a second sweep (a restart) sends nothing more, and two racing sweeps send once", async () => {
  await addCertificate({ title: "Raced", expiresOn: nzDatePlusDays(7, START) });
  const [a, b] = await Promise.all([runCertificateReminders(START), runCertificateReminders(START)]);
  expect((a?.expiry ?? 0) + (b?.expiry ?? 0)).toBe(1);
  expect(await runCertificateReminders(START)).toEqual({ expiry: 0, registerCheck: 0 });
  await drainOutbox({ transport: mail.transport });
  expect(mail.smtp.received.map((m) => m.subject)).toEqual(["Certificate expires in 7 days: Raced"]);
  const queued = await database.current.db.select({ kind: mailOutbox.kind }).from(mailOutbox);
  expect(queued).toEqual([{ kind: "certificate_reminder" }]);
});

test("the page cache is emptied once New Zealand's date changes, not before", async () => {
  const cache = getPageCache();
  const watch = createDateWatch();
  // 11:58 pm on 30 June in New Zealand (UTC+12), then a minute later, then just after midnight.
  expect(await refreshPagesOnNewDay(watch, new Date("2026-06-30T11:58:00Z"))).toBe(false);
  const generation = cache.generation;
  expect(await refreshPagesOnNewDay(watch, new Date("2026-06-30T11:59:00Z"))).toBe(false);
  expect(cache.generation).toBe(generation);
  expect(await refreshPagesOnNewDay(watch, new Date("2026-06-30T12:00:30Z"))).toBe(true);
  expect(cache.generation).toBe(generation + 1);
  expect(await refreshPagesOnNewDay(watch, new Date("2026-06-30T12:01:30Z"))).toBe(false);
  expect(cache.generation).toBe(generation + 1);
});
