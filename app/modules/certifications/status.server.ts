// A certificate's status in SQL, the same rule as certificateStatus (modules/compliance): the
// standing first, then the expiry date against today's New Zealand date, the date itself the last
// valid day. The public pages list only current and expiring certificates.
import { and, eq, gt, gte, isNull, lt, lte, ne, or, type SQL } from "drizzle-orm";
import { nzToday } from "~/lib/nz-date";
import type { CertificateStatus } from "~/lib/vocabulary";
import { EXPIRING_WITHIN_DAYS } from "~/modules/compliance/certificate-status";
import { certifications } from "~/server/db/schema";

function plusDays(date: string, days: number) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Certificates the public may see today: active and not past their expiry date. */
export function publicCertificateCondition(today: string = nzToday()): SQL {
  return and(
    eq(certifications.standing, "active"),
    or(isNull(certifications.expiresOn), gte(certifications.expiresOn, today)),
  ) as SQL;
}

/** Certificates whose status is `status` today. */
export function certificateStatusCondition(status: CertificateStatus, today: string = nzToday()): SQL {
  const active = eq(certifications.standing, "active");
  const expiringFrom = plusDays(today, EXPIRING_WITHIN_DAYS);
  switch (status) {
    case "current":
      return and(
        active,
        or(isNull(certifications.expiresOn), gt(certifications.expiresOn, expiringFrom)),
      ) as SQL;
    case "expiring":
      return and(
        active,
        gte(certifications.expiresOn, today),
        lte(certifications.expiresOn, expiringFrom),
      ) as SQL;
    case "expired":
      return and(active, lt(certifications.expiresOn, today)) as SQL;
    default:
      return and(ne(certifications.standing, "active"), eq(certifications.standing, status)) as SQL;
  }
}
