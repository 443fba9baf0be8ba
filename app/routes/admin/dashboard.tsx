import {
  ArrowRightIcon,
  AwardIcon,
  BookOpenIcon,
  ClipboardXIcon,
  ContactIcon,
  FileTextIcon,
  InboxIcon,
  PackageIcon,
} from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { BackupPanel } from "~/components/admin/dashboard/backup-panel";
import { FailedMailPanel } from "~/components/admin/dashboard/failed-mail-panel";
import { QuoteStatsPanel } from "~/components/admin/dashboard/quote-stats-panel";
import { PageHeader } from "~/components/admin/page-header";
import { StatCard } from "~/components/admin/stat-card";
import { WeeklyBarChart } from "~/components/admin/weekly-bar-chart";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getBackupState } from "~/modules/dashboard/backup.server";
import { retryFailedMail } from "~/modules/dashboard/commands.server";
import { getMailHealth } from "~/modules/dashboard/mail.server";
import {
  countConsentPacksThisMonth,
  getDashboardCounts,
  getEnquiryStats,
  getProductsMissingBuildingInfo,
} from "~/modules/dashboard/queries.server";
import { mayQuote } from "~/modules/quotes/access.server";
import { getQuoteStats } from "~/modules/quotes/stats.server";
import { isAdmin, requireStaff } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { tryLoad } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const quoting = await mayQuote(user.role);
  // Whether the nightly backup ran: the site's operation, admins only.
  const backupCheckedAt = new Date();
  const backupState = isAdmin(user) ? tryLoad("backup status", () => getBackupState()) : null;
  const [counts, enquiries, missingBuildingInfo, mail, quotes, consentPacks] = await Promise.all([
    getDashboardCounts(),
    // Enquiries are for whoever may open them: admins, and sales only when they may quote.
    quoting ? getEnquiryStats() : null,
    tryLoad("products missing building information", getProductsMissingBuildingInfo),
    // The outbox holds customers' addresses and staff's: admins only.
    isAdmin(user) ? tryLoad("mail status", () => getMailHealth()) : null,
    // Quotes carry prices: for whoever may quote.
    quoting ? tryLoad("quote figures", () => getQuoteStats()) : null,
    tryLoad("consent packs this month", () => countConsentPacksThisMonth()),
  ]);
  const backup = backupState ? { state: await backupState, checkedAt: backupCheckedAt } : null;
  return {
    counts,
    enquiries,
    missingBuildingInfo,
    mail,
    quotes,
    consentPacks,
    backup,
    isAdmin: isAdmin(user),
    quoting,
    name: user.name,
  };
}

const dashboardIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry-mail"), id: z.uuid("Invalid record") }),
]);

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: dashboardIntentSchema });
  if (!form.ok) return form.response;
  const done = await form.run(retryFailedMail, { id: form.value.id }, "Failed to retry mail");
  if (!done.ok) return done.response;
  return redirectWithToast("/admin", { type: "success", title: "Mail queued to send again" });
}

// Quick actions lead only where the role may go; four for admin, the catalogue's two for sales.
const QUICK_ACTIONS = [
  {
    label: "Manage Catalog",
    description: "Add, edit and publish products",
    href: "/admin/catalog",
    adminOnly: false,
  },
  {
    label: "Searches with No Results",
    description: "What visitors looked for this month and did not find",
    href: "/admin/catalog/searches",
    adminOnly: false,
  },
  {
    label: "Case Studies",
    description: "Show finished projects",
    href: "/admin/case-studies",
    adminOnly: true,
  },
  {
    label: "Home Content",
    description: "Hero slides and home sections",
    href: "/admin/home",
    adminOnly: true,
  },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    counts,
    enquiries,
    missingBuildingInfo,
    mail,
    quotes,
    consentPacks,
    backup,
    isAdmin,
    quoting,
    name,
  } = loaderData;
  const adminHref = (href: string) => (isAdmin ? href : undefined);
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${name}. Here is the site at a glance.`} />
      <section aria-labelledby="counts-heading" className="grid gap-3">
        <h2 id="counts-heading" className="sr-only">
          Content counts
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label="Products" value={counts.products} icon={PackageIcon} href="/admin/catalog" />
          <StatCard
            label="Case Studies"
            value={counts.caseStudies}
            icon={BookOpenIcon}
            href={adminHref("/admin/case-studies")}
          />
          <StatCard
            label="Certifications"
            value={counts.certifications}
            icon={AwardIcon}
            href={adminHref("/admin/certifications")}
          />
          <StatCard
            label="Contact Content"
            value={counts.contactContent}
            icon={ContactIcon}
            hint="Contact page sections"
            href={adminHref("/admin/contact")}
          />
        </div>
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        {enquiries ? (
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle asChild>
                <h2>Enquiries per week</h2>
              </CardTitle>
              <CardDescription>
                The last {enquiries.perWeek.length} weeks, weeks starting on Monday; spam is left out.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <WeeklyBarChart title="Enquiries per week" data={enquiries.perWeek} />
            </CardContent>
          </Card>
        ) : null}
        {/* Without the chart, its cards share the row two by two. */}
        <div
          className={
            enquiries ? "grid content-start gap-4" : "grid content-start gap-4 sm:grid-cols-2 lg:col-span-2"
          }
        >
          {enquiries ? (
            <StatCard
              label="New enquiries this week"
              value={enquiries.thisWeek}
              icon={InboxIcon}
              hint="Received since Monday, not yet taken up"
              href={quoting ? "/admin/contact-management?status=New" : undefined}
            />
          ) : null}
          {missingBuildingInfo.ok ? (
            <StatCard
              label="Products missing building information"
              value={missingBuildingInfo.value}
              icon={ClipboardXIcon}
              hint="Published, with no sheet or an incomplete one"
              href="/admin/catalog?building=missing"
            />
          ) : null}
          {consentPacks.ok ? (
            <StatCard
              label="Consent packs this month"
              value={consentPacks.value}
              icon={FileTextIcon}
              hint="Downloaded by visitors, customers and staff since the 1st"
            />
          ) : null}
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Quick actions</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                {QUICK_ACTIONS.filter((a) => isAdmin || !a.adminOnly).map((a) => (
                  <li key={a.href}>
                    <Button
                      asChild
                      variant="outline"
                      className="h-auto w-full justify-between whitespace-normal py-2 text-left"
                    >
                      <Link to={a.href}>
                        <span className="grid">
                          <span>{a.label}</span>
                          <span className="font-normal text-muted-foreground text-xs">{a.description}</span>
                        </span>
                        <ArrowRightIcon aria-hidden />
                      </Link>
                    </Button>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
      {quotes?.ok ? <QuoteStatsPanel stats={quotes.value} /> : null}
      {mail ? <FailedMailPanel health={mail.ok ? mail.value : null} /> : null}
      {backup ? (
        <BackupPanel state={backup.state.ok ? backup.state.value : null} now={new Date(backup.checkedAt)} />
      ) : null}
    </>
  );
}
