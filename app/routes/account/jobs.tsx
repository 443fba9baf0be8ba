// The customer's jobs: the list, a form to start one, and (while the browser holds a quote list)
// the offer to keep that list in a new job or one of theirs. The offer's forms on the account's
// overview post here too.
import { useLoaderData } from "react-router";
import { JobForm } from "~/components/account/job-form";
import { JobsList } from "~/components/account/jobs-list";
import { QuoteListOfferCard } from "~/components/account/quote-list-offer";
import { safeRedirect } from "~/lib/safe-redirect";
import { createJob, saveQuoteListToJob } from "~/modules/jobs/commands.server";
import { getActiveJobChoices, getJobs, isJobId } from "~/modules/jobs/queries.server";
import { getQuoteListOffer, notNowCookie } from "~/modules/jobs/quote-list-offer.server";
import { jobsActionSchema } from "~/modules/jobs/schema";
import { emptyQuoteList, readQuoteEntries } from "~/modules/quote-list/quote-list.server";
import { privatePageMeta } from "~/modules/seo/meta";
import { requireCustomer } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/jobs";

export function meta() {
  return privatePageMeta("My jobs");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const [jobs, offer] = await Promise.all([getJobs(user.id), getQuoteListOffer(request, context)]);
  const choices = offer ? await getActiveJobChoices(user.id) : [];
  return { jobs, offer: offer ? { ...offer, jobs: choices } : null };
}

function savedDescription(saved: { added: number; merged: number; capped: number }) {
  const parts = [`${saved.added} product${saved.added === 1 ? "" : "s"} added`];
  if (saved.merged > 0) parts.push(`${saved.merged} already on the job had the quantities added`);
  if (saved.capped > 0) parts.push(`${saved.capped} capped at 9999`);
  return `${parts.join(", ")}. Your quote list is now empty.`;
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "account", schema: jobsActionSchema, conformIntents: false });
  if (!form.ok) return form.response;
  const value = form.value;
  if (value.intent === "not-now") {
    const back = safeRedirect(value.redirectTo, "/account/jobs");
    return redirectWithToast(
      back.startsWith("/account") ? back : "/account/jobs",
      { type: "info", title: "Your quote list stays as it is" },
      { headers: { "Set-Cookie": notNowCookie() } },
    );
  }
  if (value.intent === "create-job") {
    const { intent: _intent, ...details } = value;
    const done = await form.run(createJob, details, "Failed to create the job");
    if (!done.ok) return done.response;
    const to = done.result ? `/account/jobs/${done.result.id}` : "/account/jobs";
    return redirectWithToast(to, { type: "success", title: "Job created", description: details.name });
  }
  if (value.intent === "save-list-existing" && !isJobId(value.jobId))
    throw notFound("This job does not exist.");
  const into =
    value.intent === "save-list-new"
      ? { kind: "new" as const, name: value.name, siteAddress: value.siteAddress }
      : { kind: "existing" as const, jobId: value.jobId };
  const entries = readQuoteEntries(args.request);
  const done = await form.run(saveQuoteListToJob, { into, entries }, "Failed to save your quote list");
  if (!done.ok) return done.response;
  const headers = { "Set-Cookie": emptyQuoteList(args.context) };
  if (!done.result)
    return redirectWithToast("/account/jobs", { type: "info", title: "Already saved" }, { headers });
  return redirectWithToast(
    `/account/jobs/${done.result.id}`,
    {
      type: "success",
      title: "Your quote list is saved in the job",
      description: savedDescription(done.result),
    },
    { headers },
  );
}

export default function AccountJobs() {
  const { jobs, offer } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      {offer ? <QuoteListOfferCard offer={offer} returnTo="/account/jobs" /> : null}
      <JobsList jobs={jobs} />
      <JobForm mode="create" />
    </div>
  );
}
