// A certificate's status as a badge: green while current, amber when expiring, red once expired,
// suspended or withdrawn, plain for a draft.
import { Badge } from "~/components/ui/badge";
import type { CertificateStatus } from "~/lib/vocabulary";
import { CERTIFICATE_STATUS_LABELS } from "~/modules/compliance/certificate-status";

const VARIANT = {
  current: "success",
  expiring: "warning",
  expired: "destructive",
  suspended: "destructive",
  withdrawn: "destructive",
  draft: "outline",
} as const satisfies Record<CertificateStatus, string>;

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return <Badge variant={VARIANT[status]}>{CERTIFICATE_STATUS_LABELS[status]}</Badge>;
}
