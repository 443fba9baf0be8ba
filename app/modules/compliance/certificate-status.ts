// A certificate's status, computed from what staff set (its standing) and its dates; never
// typed. Suspended, withdrawn and draft are what staff say. An active certificate is current
// until 90 days before its expiry (or next review) date, expiring from then, and expired from
// the day after that date: the date is the last day it is valid. One without an expiry date
// (a plain document) stays current.
//
//   certificateStatus({ standing: "active", expiresOn: "2026-12-01" }, "2026-11-25")  // "expiring"
import { daysFromTo } from "~/lib/nz-date";
import type { CertificateStanding, CertificateStatus } from "~/lib/vocabulary";

/** From this many days before its expiry date, a current certificate shows as expiring. */
export const EXPIRING_WITHIN_DAYS = 90;

export type CertificateDates = { standing: CertificateStanding; expiresOn: string | null };

export function certificateStatus(certificate: CertificateDates, today: string): CertificateStatus {
  if (certificate.standing !== "active") return certificate.standing;
  if (!certificate.expiresOn) return "current";
  const left = daysFromTo(today, certificate.expiresOn);
  if (left < 0) return "expired";
  return left <= EXPIRING_WITHIN_DAYS ? "expiring" : "current";
}

/** The statuses the public pages show: expired, suspended, withdrawn and draft stay in the back office. */
export const PUBLIC_CERTIFICATE_STATUSES = [
  "current",
  "expiring",
] as const satisfies readonly CertificateStatus[];

export function isPublicStatus(status: CertificateStatus) {
  return (PUBLIC_CERTIFICATE_STATUSES as readonly string[]).includes(status);
}

/**
 * A public certificate's status as a sentence says it: "current", "expiring", or "expires today"
 * on its last valid day (not "expiring", which reads as weeks away).
 */
export function publicStatusWords(status: "current" | "expiring", expiresOn: string | null, today: string) {
  return status === "expiring" && expiresOn === today ? "expires today" : CERTIFICATE_STATUS_LABELS[status];
}

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  current: "current",
  expiring: "expiring",
  expired: "expired",
  suspended: "suspended",
  withdrawn: "withdrawn",
  draft: "draft",
};
