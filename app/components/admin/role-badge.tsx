// <RoleBadge role="sales" />: admin destructive, sales default, user secondary.
import { Badge } from "~/components/ui/badge";
import type { Role } from "~/lib/vocabulary";

const VARIANT = { admin: "destructive", sales: "default", user: "secondary" } as const satisfies Record<
  Role,
  "destructive" | "default" | "secondary"
>;

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge variant={VARIANT[role]} className={className}>
      {role}
    </Badge>
  );
}
