// Reminders about certificates, e-mailed through the outbox to every active admin:
// - before an active certificate's expiry date, at 90, 30 and 7 days: each once per certificate
//   and expiry date (a renewed certificate, with a new date, is reminded again). A sweep that
//   first sees a certificate inside several thresholds sends only the most urgent one passed;
//   later thresholds still fire when their day comes.
// - once a month, for each active certificate with a scheme whose public register was not
//   checked in the last 30 days: "check the register".
// Only active certificates that have not yet expired are reminded about. Each reminder is claimed
// in certificate_reminders (insert, nothing on conflict) by the same command that queues its mail
// (commands.server.ts), so two sweeps (two processes, a restart) never send it twice; each one
// sent is in the audit log, by the system.
//
// The sweep also empties the page cache when New Zealand's date has changed since its last run:
// a certificate's status (public or not, current or expiring) changes only when the date does.
import { and, eq, gte, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { daysFromTo, formatNzDate, nzDatePlusDays, nzToday } from "~/lib/nz-date";
import type { CertificateReminderKind, CertificateScheme } from "~/lib/vocabulary";
import { listActiveAdminEmails } from "~/modules/notifications/recipients.server";
import { announceContentChange } from "~/server/cache/invalidation.server";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { certifications } from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { periodic } from "~/server/runtime/housekeeping.server";
import { ReminderAlreadySent, sendCertificateReminder } from "./commands.server";
import { SCHEME_LABELS } from "./labels";

/** Days before the expiry date a reminder goes, most urgent first. */
export const EXPIRY_THRESHOLDS = [7, 30, 90] as const;
/** A register checked longer ago than this is due its monthly check reminder. */
export const REGISTER_CHECK_DAYS = 30;

type Reminded = {
  id: string;
  title: string;
  certificateNumber: string | null;
  scheme: CertificateScheme | null;
  expiresOn: string | null;
  registerUrl: string | null;
  registerCheckedOn: string | null;
  registerCheckedBy: string | null;
};

const COLUMNS = {
  id: certifications.id,
  title: certifications.title,
  certificateNumber: certifications.certificateNumber,
  scheme: certifications.scheme,
  expiresOn: certifications.expiresOn,
  registerUrl: certifications.registerUrl,
  registerCheckedOn: certifications.registerCheckedOn,
  registerCheckedBy: certifications.registerCheckedBy,
};

/** The expiry reminder due `daysLeft` days before expiry: the most urgent threshold reached. */
export function expiryReminderFor(daysLeft: number): CertificateReminderKind | null {
  if (daysLeft < 0) return null;
  const threshold = EXPIRY_THRESHOLDS.find((days) => daysLeft <= days);
  return threshold ? (`expiry_${threshold}` as CertificateReminderKind) : null;
}

function daysWord(days: number) {
  return days === 1 ? "1 day" : `${days} days`;
}

function detailLines(certificate: Reminded, today: string) {
  const lines = [`Certificate: ${certificate.title}`];
  if (certificate.certificateNumber) lines.push(`Number: ${certificate.certificateNumber}`);
  lines.push(`Scheme: ${certificate.scheme ? SCHEME_LABELS[certificate.scheme] : "none (a plain document)"}`);
  if (certificate.expiresOn) {
    const left = daysFromTo(today, certificate.expiresOn);
    lines.push(
      `Expires: ${formatNzDate(certificate.expiresOn)} (${left === 0 ? "today is its last valid day" : `${daysWord(left)} left`})`,
    );
  } else lines.push("Expires: no expiry date");
  return lines;
}

function expiryMail(certificate: Reminded, today: string) {
  const left = daysFromTo(today, certificate.expiresOn ?? today);
  const when = left === 0 ? "today" : `in ${daysWord(left)}`;
  return {
    subject: `Certificate expires ${when}: ${certificate.title}`,
    text: [
      `A certificate on the website expires ${when}.`,
      "",
      ...detailLines(certificate, today),
      "",
      "From the day after its expiry date it is no longer shown on the public pages. When it is",
      "renewed, enter the new expiry date (and number, if it changed) in the back office:",
      `${publicBaseUrl()}/admin/certifications`,
    ].join("\n"),
  };
}

function registerMail(certificate: Reminded, today: string) {
  const checked = certificate.registerCheckedOn
    ? `${formatNzDate(certificate.registerCheckedOn)}${certificate.registerCheckedBy ? ` by ${certificate.registerCheckedBy}` : ""}`
    : "never";
  return {
    subject: `Check the register: ${certificate.title}`,
    text: [
      "This month's check: please confirm the certificate is still listed, current and unchanged on",
      "its scheme's public register.",
      "",
      ...detailLines(certificate, today),
      `Register: ${certificate.registerUrl ?? "no register address recorded"}`,
      `Last checked: ${checked}`,
      "",
      'Then choose "Checked against the register today" beside it in the back office:',
      `${publicBaseUrl()}/admin/certifications`,
    ].join("\n"),
  };
}

const SWEEP = systemActor("certificate reminders");

/**
 * Claims the reminder and queues its mail in one command, the mail worker woken once it has
 * committed; false when it was already sent (the claim found its row).
 */
async function sendOnce(
  certificate: Reminded,
  kind: CertificateReminderKind,
  period: string,
  recipients: string[],
  mail: { subject: string; text: string },
) {
  try {
    await runCommand(sendCertificateReminder, SWEEP, {
      certificationId: certificate.id,
      kind,
      period,
      recipients,
      mail,
    });
    return true;
  } catch (error) {
    if (error instanceof ReminderAlreadySent) return false;
    throw error;
  }
}

export type CertificateSweepResult = { expiry: number; registerCheck: number };

/** Queues the reminders due today (New Zealand's date at `now`); returns how many went. */
export async function runCertificateReminders(now = new Date()): Promise<CertificateSweepResult> {
  const today = nzToday(now);
  const result: CertificateSweepResult = { expiry: 0, registerCheck: 0 };
  const active = and(
    eq(certifications.standing, "active"),
    or(isNull(certifications.expiresOn), gte(certifications.expiresOn, today)),
  );
  const expiring = await getDb()
    .select(COLUMNS)
    .from(certifications)
    .where(
      and(
        active,
        isNotNull(certifications.expiresOn),
        lte(certifications.expiresOn, nzDatePlusDays(Math.max(...EXPIRY_THRESHOLDS), now)),
      ),
    );
  const stale = await getDb()
    .select(COLUMNS)
    .from(certifications)
    .where(
      and(
        active,
        isNotNull(certifications.scheme),
        or(
          isNull(certifications.registerCheckedOn),
          lt(certifications.registerCheckedOn, nzDatePlusDays(-REGISTER_CHECK_DAYS, now)),
        ),
      ),
    );
  if (expiring.length === 0 && stale.length === 0) return result;
  const recipients = await listActiveAdminEmails();
  if (recipients.length === 0) {
    logger.warn("certificate reminders are due but there is no active admin to send them to");
    return result;
  }
  for (const certificate of expiring) {
    const expiresOn = certificate.expiresOn as string;
    const kind = expiryReminderFor(daysFromTo(today, expiresOn));
    if (kind && (await sendOnce(certificate, kind, expiresOn, recipients, expiryMail(certificate, today))))
      result.expiry += 1;
  }
  const month = today.slice(0, 7);
  for (const certificate of stale) {
    if (await sendOnce(certificate, "register_check", month, recipients, registerMail(certificate, today)))
      result.registerCheck += 1;
  }
  return result;
}

/**
 * Remembers New Zealand's date; `changed(now)` is true when the date at `now` differs from the
 * one it last saw (never on the first call: a starting process's cache is empty anyway).
 */
export function createDateWatch() {
  let seen: string | null = null;
  return {
    changed(now = new Date()) {
      const today = nzToday(now);
      const changed = seen !== null && seen !== today;
      seen = today;
      return changed;
    },
  };
}

/**
 * A new day in New Zealand may have moved certificates out of (or into "expiring" on) the
 * public pages: the cached pages are dropped. Returns whether it did.
 */
export async function refreshPagesOnNewDay(watch: ReturnType<typeof createDateWatch>, now = new Date()) {
  if (!watch.changed(now)) return false;
  await announceContentChange();
  return true;
}

const MINUTE = 60_000;

/**
 * The reminders every hour (first a few minutes after start-up), and the date watched every
 * minute so that a cached page stops showing an expired certificate soon after midnight.
 */
export function startCertificateSweeper({ delayMs = 3 * MINUTE, intervalMs = 60 * MINUTE } = {}) {
  const watch = createDateWatch();
  watch.changed();
  const stops = [
    periodic(() => runCertificateReminders(), {
      name: "certificate-reminders",
      firstMs: delayMs,
      everyMs: intervalMs,
      failure: "The certificate reminder sweep failed",
    }),
    periodic(() => refreshPagesOnNewDay(watch), {
      name: "new-day-page-refresh",
      firstMs: MINUTE,
      everyMs: MINUTE,
      failure: "Refreshing the pages on a new day failed",
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
