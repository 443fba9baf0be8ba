// What the site holds about a customer, laid out to read: account, devices, jobs, enquiries, quotes.
import type { ReactNode } from "react";
import { formatCents } from "~/lib/money";
import { formatNzDate, formatNzDateTime } from "~/lib/nz-date";
import type { AccountData } from "~/modules/accounts/export.server";

function Part({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="font-semibold text-xl">{title}</h2>
      {empty ? <p className="text-muted-foreground">None.</p> : children}
    </section>
  );
}

function Pairs({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd>{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AccountDataView({ data }: { data: AccountData }) {
  const { account } = data;
  return (
    <div className="grid gap-8">
      <p className="text-muted-foreground">
        This is everything we hold about you.{" "}
        <a href="/account/data.json" className="underline">
          Download it as a JSON file
        </a>
        .
      </p>
      <Part title="Your account" empty={false}>
        <Pairs
          rows={[
            ["Name", account.name],
            ["E-mail", `${account.email}${account.emailConfirmed ? " (confirmed)" : " (not confirmed)"}`],
            ["Phone", account.phone],
            ["Company", account.company],
            ["Opened", formatNzDate(account.createdAt)],
          ]}
        />
      </Part>
      <Part title="Where you're signed in" empty={data.signedIn.length === 0}>
        <ul className="list-disc pl-5 text-sm">
          {data.signedIn.map((session) => (
            <li key={`${session.since}`}>
              {`${session.device}: signed in ${formatNzDateTime(session.since)}, last used ${formatNzDateTime(session.lastUsed)}`}
            </li>
          ))}
        </ul>
      </Part>
      <Part title="Your jobs" empty={data.jobs.length === 0}>
        {data.jobs.map((job) => (
          <article key={`${job.name}-${job.createdAt}`} className="grid gap-2 rounded-md border p-3">
            <h3 className="font-medium">{job.name}</h3>
            <Pairs
              rows={[
                ["Site address", job.siteAddress],
                ["Client", job.client],
                ["Notes", job.notes],
                ["Status", job.status === "active" ? "Active" : "Finished"],
              ]}
            />
            <ul className="list-disc pl-5 text-sm">
              {job.list.map((item) => (
                <li
                  key={item.product}
                >{`${item.quantity} × ${item.product}${item.note ? ` (${item.note})` : ""}`}</li>
              ))}
            </ul>
          </article>
        ))}
      </Part>
      <Part title="Your enquiries" empty={data.enquiries.length === 0}>
        {data.enquiries.map((enquiry) => (
          <article key={enquiry.reference} className="grid gap-2 rounded-md border p-3">
            <h3 className="font-medium">{`${enquiry.reference}: ${enquiry.subject}`}</h3>
            <Pairs
              rows={[
                ["Sent", formatNzDateTime(enquiry.sentAt)],
                ["From", `${enquiry.name} <${enquiry.email}>${enquiry.phone ? `, ${enquiry.phone}` : ""}`],
                ["Job", enquiry.job ? `${enquiry.job.name}, ${enquiry.job.siteAddress ?? ""}` : null],
                ["Status", enquiry.status],
              ]}
            />
            <p className="whitespace-pre-line text-sm">{enquiry.message}</p>
            {enquiry.lines.length ? (
              <ul className="list-disc pl-5 text-sm">
                {enquiry.lines.map((line) => (
                  <li key={line.product}>{`${line.quantity} × ${line.product}`}</li>
                ))}
              </ul>
            ) : null}
          </article>
        ))}
      </Part>
      <Part title="Quotes sent to you" empty={data.quotes.length === 0}>
        {data.quotes.map((quote) => (
          <article key={quote.number} className="grid gap-2 rounded-md border p-3">
            <h3 className="font-medium">{`Quote ${quote.number}`}</h3>
            <Pairs
              rows={[
                ["Sent", quote.sentAt ? formatNzDate(quote.sentAt) : null],
                ["Valid until", quote.validUntil],
                ["Status", quote.status],
                ["Total (incl. GST)", formatCents(quote.totalCents)],
              ]}
            />
          </article>
        ))}
      </Part>
    </div>
  );
}
