// <StatusBadge active={row.isActive} />                      -> Active / Inactive
// <StatusBadge active={row.isPublished} labels={["Published", "Draft"]} />
import { Badge } from "~/components/ui/badge";

export function StatusBadge({
  active,
  labels = ["Active", "Inactive"],
  className,
}: {
  active: boolean;
  labels?: readonly [string, string];
  className?: string;
}) {
  return (
    <Badge variant={active ? "success" : "secondary"} className={className}>
      {active ? labels[0] : labels[1]}
    </Badge>
  );
}
