// The dashboard's quoting figures: sent this month, accepted value this month, win rate, why
// quotes were lost, and the open quotes that run out this week (linked to the list).
import { CalendarClockIcon, ReceiptTextIcon, TrophyIcon } from "lucide-react";
import { StatCard } from "~/components/admin/stat-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCents } from "~/lib/money";
import { DECLINE_REASON_LABELS } from "~/modules/quotes/labels";
import type { QuoteStats } from "~/modules/quotes/stats.server";

export function QuoteStatsPanel({ stats }: { stats: QuoteStats }) {
  return (
    <section aria-labelledby="quotes-heading" className="grid gap-3">
      <h2 id="quotes-heading" className="font-semibold text-lg">
        Quotes
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Quotes sent this month"
          value={stats.sentThisMonth}
          icon={ReceiptTextIcon}
          href="/admin/quotes"
        />
        <StatCard
          label="Accepted this month"
          value={formatCents(stats.acceptedThisMonthCents)}
          icon={TrophyIcon}
          hint="Totals incl. GST"
          href="/admin/quotes?status=accepted"
        />
        <StatCard
          label="Win rate"
          value={stats.winRate === null ? "—" : `${Math.round(stats.winRate * 100)}%`}
          icon={TrophyIcon}
          hint={`Of ${stats.decided} answered or expired in 12 months`}
        />
        <StatCard
          label="Expiring this week"
          value={stats.expiringThisWeek}
          icon={CalendarClockIcon}
          hint="Open quotes running out in 7 days"
          href="/admin/quotes?status=sent"
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h3 className="text-base">Why quotes were lost</h3>
          </CardTitle>
          <CardDescription>Declined and expired quotes of the last 12 months.</CardDescription>
        </CardHeader>
        <CardContent>
          {stats.lostReasons.length === 0 ? (
            <p className="text-muted-foreground text-sm">No quote lost yet.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {stats.lostReasons.map((row) => (
                <li key={row.reason} className="flex justify-between gap-4">
                  <span>
                    {row.reason === "expired" ? "Expired unanswered" : DECLINE_REASON_LABELS[row.reason]}
                  </span>
                  <span className="tabular-nums">{row.count}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
