// A quote's state as a badge: out with the customer is amber, accepted green, a draft plain,
// declined red, and the closed ones (expired, superseded, withdrawn) quiet.
import { Badge, type BadgeProps } from "~/components/ui/badge";
import type { QuoteStatus } from "~/lib/vocabulary";
import { QUOTE_STATUS_LABELS } from "~/modules/quotes/labels";

const VARIANT: Record<QuoteStatus, BadgeProps["variant"]> = {
  draft: "outline",
  sent: "warning",
  viewed: "warning",
  accepted: "success",
  changes_requested: "default",
  declined: "destructive",
  expired: "secondary",
  superseded: "secondary",
  withdrawn: "secondary",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge variant={VARIANT[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
