// An enquiry's status as a badge, one colour per stage: New stands out, work in hand is amber,
// Won is green, Lost is quiet and Spam is red.
//
//   <EnquiryStatusBadge status={row.status} />
import { Badge, type BadgeProps } from "~/components/ui/badge";
import type { EnquiryStatus } from "~/lib/vocabulary";

const VARIANT: Record<EnquiryStatus, BadgeProps["variant"]> = {
  New: "default",
  "In Progress": "warning",
  Quoted: "outline",
  Won: "success",
  Lost: "secondary",
  Spam: "destructive",
};

export function EnquiryStatusBadge({ status, className }: { status: EnquiryStatus; className?: string }) {
  return (
    <Badge variant={VARIANT[status] ?? "secondary"} className={className}>
      {status}
    </Badge>
  );
}
