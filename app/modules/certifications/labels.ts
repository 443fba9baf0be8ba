// How a certificate's scheme and standing read on screen and in mail (its status's words are in
// modules/compliance/certificate-status.ts).
import type { CertificateScheme, CertificateStanding } from "~/lib/vocabulary";

export const SCHEME_LABELS: Record<CertificateScheme, string> = {
  codemark: "CodeMark",
  branz_appraisal: "BRANZ Appraisal",
  other: "Other scheme",
};

export const STANDING_LABELS: Record<CertificateStanding, string> = {
  active: "Active",
  suspended: "Suspended",
  withdrawn: "Withdrawn",
  draft: "Draft",
};
