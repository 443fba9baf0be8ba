// What a customer's job pages read: only ever the jobs of the session's own user. A job id that is
// not a uuid, or names another customer's job, finds nothing (the route answers 404). Staff read a
// customer's list of jobs (getJobs) beside an enquiry sent from that customer's account.
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { JobStatus } from "~/lib/vocabulary";
import { getDb } from "~/server/db/db.server";
import { jobItems, jobs, products } from "~/server/db/schema";
import { notFound } from "~/server/http/not-found";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isJobId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export type JobSummary = {
  id: string;
  name: string;
  siteAddress: string;
  client: string | null;
  status: JobStatus;
  updatedAt: Date;
  lineCount: number;
};

export type JobRecord = Omit<JobSummary, "lineCount"> & { notes: string | null; createdAt: Date };

/**
 * One line of a job's list as its page shows it. A product the catalogue no longer shows keeps
 * its line (the customer may remove it) but neither its name nor its page: `product` is null.
 */
export type JobLineView = {
  productId: string;
  quantity: number;
  note: string | null;
  product: { name: string; slug: string; imageUrl: string | null } | null;
};

/** The customer's jobs, the most recently changed first, each with its number of lines. */
export async function getJobs(userId: string): Promise<JobSummary[]> {
  const rows = await getDb()
    .select({
      id: jobs.id,
      name: jobs.name,
      siteAddress: jobs.siteAddress,
      client: jobs.client,
      status: jobs.status,
      updatedAt: jobs.updatedAt,
      lineCount: count(jobItems.productId),
    })
    .from(jobs)
    .leftJoin(jobItems, eq(jobItems.jobId, jobs.id))
    .where(eq(jobs.userId, userId))
    .groupBy(jobs.id)
    .orderBy(desc(jobs.updatedAt), asc(jobs.name));
  return rows.map((row) => ({ ...row, lineCount: Number(row.lineCount) }));
}

/** The customer's active jobs, for "Add to job" and the quote list's offer. */
export async function getActiveJobChoices(userId: string): Promise<{ id: string; name: string }[]> {
  return getDb()
    .select({ id: jobs.id, name: jobs.name })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.status, "active")))
    .orderBy(desc(jobs.updatedAt), asc(jobs.name));
}

/** The customer's own job, or null (not a uuid, another customer's, or gone). */
export async function findJob(userId: string, jobId: unknown): Promise<JobRecord | null> {
  if (!isJobId(jobId)) return null;
  const [row] = await getDb()
    .select({
      id: jobs.id,
      name: jobs.name,
      siteAddress: jobs.siteAddress,
      client: jobs.client,
      notes: jobs.notes,
      status: jobs.status,
      createdAt: jobs.createdAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)));
  return row ?? null;
}

/** The customer's own job, or 404. */
export async function requireOwnJob(userId: string, jobId: unknown): Promise<JobRecord> {
  const job = await findJob(userId, jobId);
  if (!job) throw notFound("This job does not exist.");
  return job;
}

/** A job's list in the customer's order. */
export async function getJobLines(jobId: string): Promise<JobLineView[]> {
  const rows = await getDb()
    .select({
      productId: jobItems.productId,
      quantity: jobItems.quantity,
      note: jobItems.note,
      name: products.name,
      slug: products.slug,
      imageUrl: products.imageUrl,
      isPublished: products.isPublished,
    })
    .from(jobItems)
    .innerJoin(products, eq(products.id, jobItems.productId))
    .where(eq(jobItems.jobId, jobId))
    .orderBy(asc(jobItems.position), asc(jobItems.addedAt));
  return rows.map(({ productId, quantity, note, name, slug, imageUrl, isPublished }) => ({
    productId,
    quantity,
    note,
    product: isPublished ? { name, slug, imageUrl } : null,
  }));
}
