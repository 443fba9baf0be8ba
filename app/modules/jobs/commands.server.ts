// A customer's writes to their own jobs, run by the command runner as the account's holder. Each
// one first finds the job among the holder's own (404 otherwise, before anything is written) and
// writes only rows of that job, so another customer's job id changes nothing.
import { and, asc, eq, inArray, max } from "drizzle-orm";
import type { Actor } from "~/server/commands/actor";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { jobItems, jobs, products } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { notFound } from "~/server/http/not-found";
import { holderId } from "../accounts/commands.server";
import { jobEntity } from "./entity";
import { addToJobList, type JobLine, type ListChange, type ListEntry, mergeIntoJob } from "./merge";
import { requireOwnJob } from "./queries.server";
import { type CreateJobInput, JOB_MESSAGES } from "./schema";

type JobDetails = CreateJobInput;
type LineResult = { phrase: string };

/** The holder's job, locked for the rest of the transaction (list changes one at a time), or 404. */
async function lockOwnJob(actor: Actor, jobId: string) {
  const [row] = await getDb()
    .select({ id: jobs.id, name: jobs.name, client: jobs.client })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.userId, holderId(actor))))
    .for("update");
  if (!row) throw notFound("This job does not exist.");
  return row;
}

/** Checks before the transaction that the job is the holder's: 404 for any other id. */
async function ownJobFirst(input: { jobId: string }, actor: Actor) {
  await requireOwnJob(holderId(actor), input.jobId);
}

async function touchJob(jobId: string) {
  await getDb().update(jobs).set({ updatedAt: new Date() }).where(eq(jobs.id, jobId));
}

async function readLines(jobId: string): Promise<(JobLine & { position: number })[]> {
  return getDb()
    .select({
      productId: jobItems.productId,
      quantity: jobItems.quantity,
      note: jobItems.note,
      position: jobItems.position,
    })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId))
    .orderBy(asc(jobItems.position), asc(jobItems.addedAt));
}

async function publishedNames(ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await getDb()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.isPublished, true)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Writes a list change: grown quantities in place, new products after the last line. */
async function storeChange(
  jobId: string,
  before: readonly JobLine[],
  change: Extract<ListChange, { ok: true }>,
) {
  const was = new Map(before.map((line) => [line.productId, line.quantity]));
  const [{ last } = { last: null }] = await getDb()
    .select({ last: max(jobItems.position) })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId));
  let position = (last ?? -1) + 1;
  for (const line of change.lines) {
    const quantity = was.get(line.productId);
    if (quantity === undefined) {
      await getDb()
        .insert(jobItems)
        .values({ jobId, productId: line.productId, quantity: line.quantity, note: line.note, position });
      position += 1;
    } else if (quantity !== line.quantity) {
      await getDb()
        .update(jobItems)
        .set({ quantity: line.quantity })
        .where(and(eq(jobItems.jobId, jobId), eq(jobItems.productId, line.productId)));
    }
  }
  await touchJob(jobId);
}

function refuseChange(change: Exclude<ListChange, { ok: true }>): never {
  if (change.reason === "quantity") throw new InputError(JOB_MESSAGES.quantity, "quantity");
  throw new InputError(JOB_MESSAGES.full);
}

export const createJob = defineCommand({
  name: "job.create",
  entity: jobEntity,
  access: "account",
  target: (_input: JobDetails) => ({ action: "create" }),
  run: async (input, { actor }) => {
    const [row] = await getDb()
      .insert(jobs)
      .values({ userId: holderId(actor), ...input })
      .returning({ id: jobs.id });
    if (!row) throw new Error("job not created");
    return row;
  },
});

export const updateJob = defineCommand({
  name: "job.update",
  entity: jobEntity,
  access: "account",
  target: (input: JobDetails & { jobId: string; status: "active" | "finished" }) => ({
    action: "update",
    id: input.jobId,
  }),
  prepare: ownJobFirst,
  run: async ({ jobId, ...details }, { actor }) => {
    await lockOwnJob(actor, jobId);
    await getDb()
      .update(jobs)
      .set(details)
      .where(and(eq(jobs.id, jobId), eq(jobs.userId, holderId(actor))));
  },
});

export const addJobLine = defineCommand({
  name: "job.add_line",
  entity: jobEntity,
  access: "account",
  target: (input: { jobId: string; productId: string; quantity: number }) => ({
    action: "update",
    id: input.jobId,
    detail: (result: LineResult) => ({
      phrases: [result.phrase],
    }),
  }),
  prepare: ownJobFirst,
  run: async ({ jobId, productId, quantity }, { actor }) => {
    const job = await lockOwnJob(actor, jobId);
    const productName = (await publishedNames([productId])).get(productId);
    if (!productName) throw new InputError(JOB_MESSAGES.unavailable);
    const lines = await readLines(jobId);
    const change = addToJobList(lines, productId, quantity);
    if (!change.ok) refuseChange(change);
    await storeChange(jobId, lines, change);
    const total = change.lines.find((line) => line.productId === productId)?.quantity ?? quantity;
    return { phrase: `added ${productName} × ${quantity}`, productName, quantity: total, jobName: job.name };
  },
});

export const saveJobLine = defineCommand({
  name: "job.save_line",
  entity: jobEntity,
  access: "account",
  target: (input: { jobId: string; productId: string; quantity: number; note: string | null }) => ({
    action: "update",
    id: input.jobId,
    detail: (result: LineResult) => ({ phrases: [result.phrase] }),
  }),
  prepare: ownJobFirst,
  run: async ({ jobId, productId, quantity, note }, { actor }): Promise<LineResult> => {
    await lockOwnJob(actor, jobId);
    const [line] = await getDb()
      .update(jobItems)
      .set({ quantity, note })
      .where(and(eq(jobItems.jobId, jobId), eq(jobItems.productId, productId)))
      .returning({ productId: jobItems.productId });
    if (!line) throw new InputError(JOB_MESSAGES.notListed);
    await touchJob(jobId);
    const name = (await publishedNames([productId])).get(productId) ?? "a product";
    return { phrase: `${name}: quantity ${quantity}${note ? `, note "${note.slice(0, 40)}"` : ""}` };
  },
});

export const removeJobLine = defineCommand({
  name: "job.remove_line",
  entity: jobEntity,
  access: "account",
  target: (input: { jobId: string; productId: string }) => ({
    action: "update",
    id: input.jobId,
    detail: (result: LineResult) => ({ phrases: [result.phrase] }),
  }),
  prepare: ownJobFirst,
  run: async ({ jobId, productId }, { actor }): Promise<LineResult> => {
    await lockOwnJob(actor, jobId);
    await getDb()
      .delete(jobItems)
      .where(and(eq(jobItems.jobId, jobId), eq(jobItems.productId, productId)));
    await touchJob(jobId);
    const name = (await publishedNames([productId])).get(productId) ?? "a product";
    return { phrase: `removed ${name}` };
  },
});

/**
 * "Same as the last house": a new active job with the copied job's client and its list (the
 * products the catalogue still shows, with their quantities and notes, in order).
 */
export const copyJob = defineCommand({
  name: "job.copy",
  entity: jobEntity,
  access: "account",
  target: (_input: { jobId: string; name: string; siteAddress: string }) => ({ action: "create" }),
  prepare: ownJobFirst,
  run: async ({ jobId, name, siteAddress }, { actor }) => {
    const source = await lockOwnJob(actor, jobId);
    const [copy] = await getDb()
      .insert(jobs)
      .values({ userId: holderId(actor), name, siteAddress, client: source.client })
      .returning({ id: jobs.id });
    if (!copy) throw new Error("job not copied");
    const lines = await readLines(jobId);
    const shown = await publishedNames(lines.map((line) => line.productId));
    const kept = lines.filter((line) => shown.has(line.productId));
    if (kept.length > 0)
      await getDb()
        .insert(jobItems)
        .values(
          kept.map((line, position) => ({
            jobId: copy.id,
            productId: line.productId,
            quantity: line.quantity,
            note: line.note,
            position,
          })),
        );
    return copy;
  },
});

export const deleteJob = defineCommand({
  name: "job.delete",
  entity: jobEntity,
  access: "account",
  target: (input: { jobId: string }) => ({ action: "delete", id: input.jobId }),
  prepare: ownJobFirst,
  run: async ({ jobId }, { actor }) => {
    await lockOwnJob(actor, jobId);
    await getDb()
      .delete(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.userId, holderId(actor))));
  },
});

export type SaveQuoteListInput = {
  into: { kind: "new"; name: string; siteAddress: string } | { kind: "existing"; jobId: string };
  /** The quote list's entries, from the visitor's cookie. */
  entries: readonly ListEntry[];
};

export type SavedQuoteList = { id: string; added: number; merged: number; capped: number };

/**
 * The visitor's quote list kept in a job: a new one, or one of the holder's, merged by
 * mergeIntoJob (quantities of a product already on the job added, capped at 9999). Only the
 * products the catalogue still shows are kept; a list that would not fit is refused whole.
 */
export const saveQuoteListToJob = defineCommand({
  name: "job.save_quote_list",
  entity: jobEntity,
  access: "account",
  target: (input: SaveQuoteListInput) =>
    input.into.kind === "new"
      ? { action: "create" as const }
      : {
          action: "update" as const,
          id: input.into.jobId,
          detail: (result: SavedQuoteList) => ({
            phrases: [`saved the quote list: ${result.added} added, ${result.merged} quantities added`],
          }),
        },
  prepare: async (input, actor) => {
    if (input.into.kind === "existing") await requireOwnJob(holderId(actor), input.into.jobId);
  },
  run: async ({ into, entries }, { actor }): Promise<SavedQuoteList> => {
    const shown = await publishedNames(entries.map((entry) => entry.productId));
    const live = entries.filter((entry) => shown.has(entry.productId));
    if (live.length === 0) throw new InputError(JOB_MESSAGES.emptyQuoteList);
    let jobId: string;
    if (into.kind === "new") {
      const [row] = await getDb()
        .insert(jobs)
        .values({ userId: holderId(actor), name: into.name, siteAddress: into.siteAddress })
        .returning({ id: jobs.id });
      if (!row) throw new Error("job not created");
      jobId = row.id;
    } else {
      jobId = (await lockOwnJob(actor, into.jobId)).id;
    }
    const lines = await readLines(jobId);
    const change = mergeIntoJob(lines, live);
    if (!change.ok) refuseChange(change);
    await storeChange(jobId, lines, change);
    return { id: jobId, added: change.added, merged: change.merged, capped: change.capped };
  },
});
