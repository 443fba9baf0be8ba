// The customer's jobs, each with its site, client, status, number of products and last change.
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatNzDate } from "~/lib/nz-date";
import type { JobStatus } from "~/lib/vocabulary";

type JobRow = {
  id: string;
  name: string;
  siteAddress: string;
  client: string | null;
  status: JobStatus;
  updatedAt: Date;
  lineCount: number;
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return status === "active" ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Finished</Badge>
  );
}

export function JobsList({ jobs }: { jobs: JobRow[] }) {
  return (
    <section aria-labelledby="jobs-heading" className="grid gap-3">
      <h2 id="jobs-heading" className="font-semibold text-xl">
        Your jobs
      </h2>
      {jobs.length === 0 ? (
        <p className="text-muted-foreground">
          No jobs yet. Start one below, then add products from the catalogue.
        </p>
      ) : (
        <ul className="grid gap-3">
          {jobs.map((job) => (
            <li key={job.id} className="grid gap-1 rounded-lg border p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={`/account/jobs/${job.id}`}
                  className="font-semibold text-lg underline-offset-4 hover:underline"
                >
                  {job.name}
                </Link>
                <JobStatusBadge status={job.status} />
              </div>
              <p className="text-sm">{job.siteAddress}</p>
              <p className="text-muted-foreground text-sm">
                {[
                  job.client ? `Client: ${job.client}` : null,
                  `${job.lineCount} product${job.lineCount === 1 ? "" : "s"}`,
                  `updated ${formatNzDate(job.updatedAt)}`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
