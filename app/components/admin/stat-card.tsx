// <StatCard label="Products" value={42} icon={Package} href="/admin/catalog" hint="In the catalogue" />
// A count on the dashboard; with href the whole card is one link.
import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/utils";

export function StatCard(props: {
  label: string;
  value: number | string;
  icon?: LucideIcon;
  hint?: string;
  href?: string;
}) {
  const Icon = props.icon;
  const card = (
    <Card className={cn("h-full gap-2", props.href && "transition-colors hover:bg-muted/50")}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle asChild className="font-medium text-muted-foreground text-sm">
          <h2>{props.label}</h2>
        </CardTitle>
        {Icon ? <Icon aria-hidden className="size-4 text-muted-foreground" /> : null}
      </CardHeader>
      <CardContent>
        <p className="font-bold text-3xl tabular-nums">{props.value}</p>
        {props.hint ? <p className="text-muted-foreground text-xs">{props.hint}</p> : null}
      </CardContent>
    </Card>
  );
  if (!props.href) return card;
  return (
    <Link
      to={props.href}
      className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {card}
    </Link>
  );
}
