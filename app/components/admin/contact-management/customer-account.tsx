// The customer account an enquiry was sent from, as staff see it beside the enquiry: who the
// customer is and whether the account is active, their jobs (this enquiry's job marked) and the
// quotes sent to the account's confirmed address, each opening in the quote builder.
//
//   {customer ? <CustomerAccount customer={customer} enquiryJobId={enquiry.job?.id ?? null} /> : null}
import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCents } from "~/lib/money";
import { formatNzDate } from "~/lib/nz-date";
import type { CustomerAccount as CustomerAccountRecord } from "~/modules/accounts/queries.server";
import type { JobSummary } from "~/modules/jobs/queries.server";
import type { AccountQuoteRow } from "~/modules/quotes/account.server";
import { CUSTOMER_STATE_LABELS } from "~/modules/quotes/labels";
import { DetailItem, NotGiven } from "./detail-item";

type CustomerJob = JobSummary;
type CustomerQuote = AccountQuoteRow;

/** The account (as `getCustomerAccount` reads it) with its jobs and the quotes sent to it. */
export type CustomerAccountView = Omit<CustomerAccountRecord, "id" | "createdAt"> & {
  jobs: CustomerJob[];
  quotes: CustomerQuote[];
};

// Lists rather than tables: a row of a job wraps on a narrow screen instead of scrolling sideways.
function Jobs({ jobs, enquiryJobId }: { jobs: CustomerJob[]; enquiryJobId: string | null }) {
  if (jobs.length === 0) return <p className="text-muted-foreground text-sm">No jobs in this account.</p>;
  return (
    <ul className="grid gap-2">
      {jobs.map((job) => (
        <li key={job.id} className="grid gap-1 rounded-md border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="wrap-anywhere font-medium">{job.name}</span>
            <StatusBadge active={job.status === "active"} labels={["Active", "Finished"]} />
            {job.id === enquiryJobId ? <Badge variant="outline">This enquiry's job</Badge> : null}
          </div>
          <p className="wrap-anywhere text-sm">{job.siteAddress}</p>
          <p className="text-muted-foreground text-sm">
            {`${job.lineCount} line${job.lineCount === 1 ? "" : "s"} · updated ${formatNzDate(job.updatedAt)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Quotes({ quotes, emailConfirmed }: { quotes: CustomerQuote[]; emailConfirmed: boolean }) {
  if (quotes.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        {emailConfirmed
          ? "No quote has been sent to the account's e-mail address."
          : "The account's e-mail address is not confirmed, so no quote is matched to it."}
      </p>
    );
  }
  return (
    <ul className="grid gap-2 text-sm">
      {quotes.map((quote) => (
        <li key={quote.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <Link
            to={`/admin/quotes/${quote.id}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            {quote.number}
          </Link>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{CUSTOMER_STATE_LABELS[quote.state]}</span>
            <span className="tabular-nums">{formatCents(quote.totalCents)}</span>
            <span className="text-muted-foreground">{`sent ${quote.sentOn}`}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CustomerAccount({
  customer,
  enquiryJobId,
}: {
  customer: CustomerAccountView;
  enquiryJobId: string | null;
}) {
  return (
    <section aria-labelledby="customer-account-heading">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="customer-account-heading" className="text-lg">
              Customer account
            </h2>
          </CardTitle>
          <CardDescription>
            The account the customer was signed in to when they sent this enquiry.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <DetailItem term="Name">{customer.name}</DetailItem>
            <DetailItem term="Email">
              <a
                href={`mailto:${customer.email}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                {customer.email}
              </a>
              {customer.emailConfirmed ? null : (
                <span className="text-muted-foreground text-sm"> (not confirmed)</span>
              )}
            </DetailItem>
            <DetailItem term="Phone">
              {customer.phone ? (
                <a href={`tel:${customer.phone}`} className="text-primary underline-offset-4 hover:underline">
                  {customer.phone}
                </a>
              ) : (
                <NotGiven />
              )}
            </DetailItem>
            <DetailItem term="Company">{customer.company || <NotGiven />}</DetailItem>
            <DetailItem term="Account">
              <StatusBadge active={customer.isActive} />
            </DetailItem>
          </dl>
          <section aria-labelledby="customer-jobs" className="grid gap-2">
            <h3 id="customer-jobs" className="font-semibold">
              Jobs
            </h3>
            <Jobs jobs={customer.jobs} enquiryJobId={enquiryJobId} />
          </section>
          <section aria-labelledby="customer-quotes" className="grid gap-2">
            <h3 id="customer-quotes" className="font-semibold">
              Quotes
            </h3>
            <Quotes quotes={customer.quotes} emailConfirmed={customer.emailConfirmed} />
          </section>
        </CardContent>
      </Card>
    </section>
  );
}
