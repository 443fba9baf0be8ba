// The job's list on the contact form sent from a job: what goes with the message, in place of the
// quote list. It is changed on the job's page, so here it is only shown.
import { Link } from "react-router";
import { ClipboardList } from "~/components/ui/sprite-icons";

type Props = {
  job: { id: string; name: string; siteAddress: string };
  lines: { productId: string; productName: string; quantity: number }[];
};

export function JobListPanel({ job, lines }: Props) {
  return (
    <section aria-labelledby="job-list-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <h2 id="job-list-heading" className="flex items-center gap-2 font-bold text-2xl">
        <ClipboardList aria-hidden="true" className="size-6 text-primary" />
        Your job's list
      </h2>
      <p className="mt-1 text-muted-foreground">
        {job.name}
        {job.siteAddress ? `, ${job.siteAddress}` : ""}. These products, with these quantities, are sent with
        your message below; your quote list is kept as it is.
      </p>
      {lines.length > 0 ? (
        <ul className="mt-4 divide-y border-y">
          {lines.map((line) => (
            <li key={line.productId} className="flex items-center justify-between gap-4 py-3">
              <span className="font-medium">{line.productName}</span>
              <span className="shrink-0 text-muted-foreground">Quantity: {line.quantity}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-muted-foreground">This job's list has no products in the catalogue.</p>
      )}
      <p className="mt-4 text-sm">
        <Link
          to={`/account/jobs/${job.id}`}
          className="font-medium text-primary underline underline-offset-4"
        >
          Change the list on the job's page
        </Link>
      </p>
    </section>
  );
}
