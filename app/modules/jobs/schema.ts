// A customer's jobs: the form schemas shared by the browser and the server, and the limits of a
// job's product list.
import { z } from "zod";
import { JOB_STATUSES } from "~/lib/vocabulary";
import { JOB_MAX_LINES, JOB_MAX_QUANTITY } from "./limits";

export { JOB_MAX_LINES, JOB_MAX_QUANTITY };

export const JOB_MESSAGES = {
  quantity: `Quantity must be a whole number from 1 to ${JOB_MAX_QUANTITY}.`,
  product: "Choose a product from the catalogue.",
  job: "Choose one of your jobs.",
  unavailable: "That product is no longer in the catalogue, so it can't be added to a job.",
  full: `A job's list holds at most ${JOB_MAX_LINES} products. Remove a product or start a new job.`,
  notListed: "That product is not on this job's list.",
  confirmDelete: "Tick the box to confirm that the job and its list are deleted.",
  emptyQuoteList: "Your quote list is empty: there is nothing to save.",
} as const;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);
}

function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .optional()
    .transform((value) => value || null);
}

const name = requiredText("Job name", 120);
const siteAddress = requiredText("Site address", 300);
const jobId = z
  .string({ error: JOB_MESSAGES.job })
  .trim()
  .min(1, JOB_MESSAGES.job)
  .max(100, JOB_MESSAGES.job);
const productId = z.guid({ error: JOB_MESSAGES.product }).transform((id) => id.toLowerCase());
const quantity = z.coerce
  .number({ error: JOB_MESSAGES.quantity })
  .int({ error: JOB_MESSAGES.quantity })
  .min(1, { error: JOB_MESSAGES.quantity })
  .max(JOB_MAX_QUANTITY, { error: JOB_MESSAGES.quantity });

const details = {
  name,
  siteAddress,
  client: optionalText("Client", 120),
  notes: optionalText("Notes", 2000),
};

export const createJobSchema = z.object({ intent: z.literal("create-job"), ...details });
export type CreateJobInput = Omit<z.output<typeof createJobSchema>, "intent">;

export const saveJobSchema = z.object({
  intent: z.literal("save-job"),
  ...details,
  status: z.enum(JOB_STATUSES, { error: "Choose Active or Finished" }),
});

export const saveLineSchema = z.object({
  intent: z.literal("save-line"),
  productId,
  quantity,
  note: optionalText("Note", 500),
});

export const removeLineSchema = z.object({ intent: z.literal("remove-line"), productId });

export const copyJobSchema = z.object({ intent: z.literal("copy-job"), name, siteAddress });

export const deleteJobSchema = z.object({
  intent: z.literal("delete-job"),
  confirm: z.literal("yes", { error: JOB_MESSAGES.confirmDelete }),
});

/** Everything the job's own page posts. */
export const jobActionSchema = z.discriminatedUnion("intent", [
  saveJobSchema,
  saveLineSchema,
  removeLineSchema,
  copyJobSchema,
  deleteJobSchema,
]);

/** "Add to job" on a product's page. */
export const addToJobSchema = z.object({
  jobId,
  productId,
  quantity: quantity.optional().default(1),
  redirectTo: z.string().max(2000).optional(),
});

/** The offer to keep the visitor's quote list: in a new job, in one of theirs, or not now. */
export const saveListNewSchema = z.object({ intent: z.literal("save-list-new"), name, siteAddress });
export const saveListExistingSchema = z.object({ intent: z.literal("save-list-existing"), jobId });
export const notNowSchema = z.object({
  intent: z.literal("not-now"),
  /** The account page the offer was on. */
  redirectTo: z.string().max(2000).optional(),
});

/** Everything the jobs page posts. */
export const jobsActionSchema = z.discriminatedUnion("intent", [
  createJobSchema,
  saveListNewSchema,
  saveListExistingSchema,
  notNowSchema,
]);
