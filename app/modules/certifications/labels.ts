// How a certificate's scheme and standing read on screen and in mail (its status's words are in
// modules/compliance/certificate-status.ts).
import type { CertificateStanding } from "~/lib/vocabulary";
import { SCHEME_NAMES } from "~/modules/compliance/public-text";

/** The schemes' names, one list for the back office, the public pages and the reminders. */
export const SCHEME_LABELS = SCHEME_NAMES;

export const STANDING_LABELS: Record<CertificateStanding, string> = {
  active: "Active",
  suspended: "Suspended",
  withdrawn: "Withdrawn",
  draft: "Draft",
};
