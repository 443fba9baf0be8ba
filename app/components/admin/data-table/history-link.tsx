// A row's link to its own history in the audit log (admins only: the log is theirs).
import { HistoryIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { AuditEntity } from "~/lib/vocabulary";

export function HistoryLink(props: { entity: AuditEntity; id: string; itemLabel: string }) {
  return (
    <Button asChild variant="ghost" size="icon">
      <Link
        to={`/admin/audit?entity=${props.entity}&entityId=${encodeURIComponent(props.id)}`}
        aria-label={`History of ${props.itemLabel}`}
        title="History"
      >
        <HistoryIcon aria-hidden />
      </Link>
    </Button>
  );
}
