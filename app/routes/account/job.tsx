// One of the customer's jobs: its details and status, its product list (quantity and a note per
// line), its consent pack once the list holds a product in the catalogue, "Copy to a new job" and
// deleting it (a ticked box confirms, so it works without JavaScript). Another customer's job, or
// an id that is not one, is not found.
import { useLoaderData } from "react-router";
import { CopyJobForm, DeleteJobForm } from "~/components/account/job-actions";
import { JobForm } from "~/components/account/job-form";
import { JobLines } from "~/components/account/job-lines";
import { LABEL } from "~/components/site/quote-list/consent-pack-fields";
import { ConsentPackForm } from "~/components/site/quote-list/consent-pack-form";
import { copyJob, deleteJob, removeJobLine, saveJobLine, updateJob } from "~/modules/jobs/commands.server";
import { getJobLines, requireOwnJob } from "~/modules/jobs/queries.server";
import { jobActionSchema } from "~/modules/jobs/schema";
import { privatePageMeta } from "~/modules/seo/meta";
import { requireCustomer } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/job";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData ? loaderData.job.name : "Job not found");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const job = await requireOwnJob(user.id, params.id);
  return { job, lines: await getJobLines(job.id) };
}

export async function action(args: Route.ActionArgs) {
  // Another customer's job (or no job) is not found, whatever was posted; staff are refused first.
  const user = await requireCustomer(args.request);
  const { id: jobId } = await requireOwnJob(user.id, args.params.id);
  const form = await readForm(args, { access: "account", schema: jobActionSchema, conformIntents: false });
  if (!form.ok) return form.response;
  const here = `/account/jobs/${jobId}`;
  const value = form.value;
  switch (value.intent) {
    case "save-job": {
      const { intent: _intent, ...details } = value;
      const done = await form.run(updateJob, { jobId, ...details }, "Failed to save the job");
      if (!done.ok) return done.response;
      return redirectWithToast(here, { type: "success", title: "Job saved" });
    }
    case "save-line": {
      const { productId, quantity, note } = value;
      const done = await form.run(
        saveJobLine,
        { jobId, productId, quantity, note },
        "Failed to save the line",
      );
      if (!done.ok) return done.response;
      return redirectWithToast(`${here}#line-${productId}`, { type: "success", title: "Line saved" });
    }
    case "remove-line": {
      const done = await form.run(removeJobLine, { jobId, productId: value.productId }, "Failed to remove");
      if (!done.ok) return done.response;
      return redirectWithToast(here, { type: "success", title: "Removed from the job" });
    }
    case "copy-job": {
      const { name, siteAddress } = value;
      const done = await form.run(copyJob, { jobId, name, siteAddress }, "Failed to copy the job");
      if (!done.ok) return done.response;
      const to = done.result ? `/account/jobs/${done.result.id}` : "/account/jobs";
      return redirectWithToast(to, { type: "success", title: "Job copied", description: name });
    }
    case "delete-job": {
      const done = await form.run(deleteJob, { jobId }, "Failed to delete the job");
      if (!done.ok) return done.response;
      return redirectWithToast("/account/jobs", { type: "success", title: "Job deleted" });
    }
  }
}

/** The job's pack: the shared form, the job named as its cover prints it instead of asked. */
function JobConsentPack({ job }: { job: { id: string; name: string; siteAddress: string } }) {
  const named = (
    <dl className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <dt className={LABEL}>Job name</dt>
        <dd className="text-sm">{job.name}</dd>
      </div>
      <div className="grid gap-1.5">
        <dt className={LABEL}>Site address</dt>
        <dd className="text-sm">{job.siteAddress}</dd>
      </div>
    </dl>
  );
  return (
    <ConsentPackForm
      id="consent-pack"
      action={`/account/jobs/${job.id}/consent-pack`}
      className="scroll-mt-20"
      headingLevel={2}
      named={named}
      description="One PDF for your council: each product on this job's list with its building product information and its current certificates, with an index. The cover names this job and its site."
    />
  );
}

export default function AccountJob() {
  const { job, lines } = useLoaderData<typeof loader>();
  // Keyed by the job: going from one job to another (a copy) starts its forms afresh.
  return (
    <div key={job.id} className="grid gap-6">
      <JobForm mode="edit" job={job} />
      <JobLines jobId={job.id} lines={lines} />
      {lines.some((line) => line.product) ? <JobConsentPack job={job} /> : null}
      <CopyJobForm job={job} />
      <DeleteJobForm job={job} />
    </div>
  );
}
