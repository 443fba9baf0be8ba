// An enquiry sent by a signed-in customer, from one of their jobs or not: who sent it is read
// from the session (never from the form), and a job only ever as that customer's own.
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { CUSTOMER_ROLES, getSessionUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { jobItems, jobs, products } from "~/server/db/schema";

/** The session's customer account id, or null (signed out, or staff). */
export async function customerIdOf(request: Request): Promise<string | null> {
  const user = await getSessionUser(request);
  return user && (CUSTOMER_ROLES as readonly string[]).includes(user.role) ? user.id : null;
}

/** A job's list as an enquiry takes it: published products only, with their names as they are now. */
export type JobForEnquiry = {
  id: string;
  name: string;
  siteAddress: string;
  lines: { productId: string; productName: string; quantity: number }[];
};

/**
 * The customer's own job and its list of published products, for an enquiry sent from it; null
 * when it is not theirs (or not a job id at all). Inside a command it is held (FOR KEY SHARE)
 * until the enquiry naming it is stored, so it cannot be deleted in between.
 */
export async function findJobForEnquiry(
  userId: string,
  jobId: unknown,
  { lock = false } = {},
): Promise<JobForEnquiry | null> {
  const id = z.uuid().safeParse(jobId);
  if (!id.success) return null;
  const query = getDb()
    .select({ id: jobs.id, name: jobs.name, siteAddress: jobs.siteAddress })
    .from(jobs)
    .where(and(eq(jobs.id, id.data), eq(jobs.userId, userId)));
  const [job] = lock ? await query.for("key share") : await query;
  if (!job) return null;
  const lines = await getDb()
    .select({ productId: jobItems.productId, productName: products.name, quantity: jobItems.quantity })
    .from(jobItems)
    .innerJoin(products, eq(products.id, jobItems.productId))
    .where(and(eq(jobItems.jobId, job.id), eq(products.isPublished, true)))
    .orderBy(asc(jobItems.position), asc(jobItems.addedAt));
  return { ...job, lines };
}
