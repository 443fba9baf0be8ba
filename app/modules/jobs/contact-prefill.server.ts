// The contact form sent from a job ("Send this list for a quote", /contact?job=<id>): for the
// signed-in owner of the job only, the form is prefilled with who they are (from the account),
// a message naming the job and its site, and the job's list (published products) that goes with
// it instead of the quote list. Anyone else, and an id that is not their job, get null: the
// plain form, with nothing of the job shown.
import { getAccountProfile } from "~/modules/accounts/queries.server";
import { customerIdOf, findJobForEnquiry } from "~/modules/enquiries/from-job.server";

/** The first line of a message sent from a job: its name and site address. */
export function jobHeading(job: { name: string; siteAddress: string }) {
  return `Job: ${[job.name, job.siteAddress]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ")}`;
}

export type JobContactPrefill = {
  job: { id: string; name: string; siteAddress: string };
  lines: { productId: string; productName: string; quantity: number }[];
  message: string;
  person: { fullName: string; email: string; phone: string };
};

export async function jobContactPrefill(request: Request): Promise<JobContactPrefill | null> {
  const jobId = new URL(request.url).searchParams.get("job");
  if (!jobId) return null;
  const userId = await customerIdOf(request);
  if (!userId) return null;
  const [job, profile] = await Promise.all([findJobForEnquiry(userId, jobId), getAccountProfile(userId)]);
  if (!job || !profile) return null;
  const { lines, ...details } = job;
  return {
    job: details,
    lines,
    message: `${jobHeading(job)}\n\n`,
    person: { fullName: profile.name, email: profile.email, phone: profile.phone ?? "" },
  };
}
