// One submission of an admin form writes once. Each opening of an add dialog carries a random
// `submissionId`; the first post of it claims the id in the database (shared by every server
// process) and writes, and a repeat of it (a double click that got past the disabled button, a
// request the browser sent again) writes nothing and is answered as the first was.
//
//   await oncePerSubmission(formData, () => createProduct(value));
//   return redirectWithToast(back, { type: "success", title: "Product created successfully" });
//
// A write that fails gives its claim back, so the corrected or retried post is carried out.
import { eq, lt } from "drizzle-orm";
import { isSubmissionId, SUBMISSION_FIELD } from "~/lib/submission-id";
import { getDb } from "~/server/db/db.server";
import { formSubmissions } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

/** The claim of each id being written in this process: a repeat waits for the first to end. */
const inFlight = new Map<string, Promise<unknown>>();

/** The posted submission id, or null when there is none or it is not one we hand out. */
function readSubmissionId(formData: FormData) {
  const value = formData.get(SUBMISSION_FIELD);
  return isSubmissionId(value) ? value : null;
}

/**
 * Runs `write` unless this submission was carried out already. "repeat" means an earlier post of
 * the same submission wrote; a form without a submission id is written every time.
 */
export async function oncePerSubmission(
  formData: FormData,
  write: () => Promise<unknown>,
): Promise<"written" | "repeat"> {
  const id = readSubmissionId(formData);
  if (!id) {
    await write();
    return "written";
  }
  const earlier = inFlight.get(id);
  const current = (async () => {
    // A repeat arriving while the first is still writing waits for its outcome, so it neither
    // writes a second time nor answers "done" before the record is there.
    await earlier?.catch(() => undefined);
    return claimAndWrite(id, write);
  })();
  inFlight.set(id, current);
  try {
    return await current;
  } finally {
    if (inFlight.get(id) === current) inFlight.delete(id);
  }
}

async function claimAndWrite(id: string, write: () => Promise<unknown>) {
  const db = getDb();
  const claimed = await db
    .insert(formSubmissions)
    .values({ id })
    .onConflictDoNothing()
    .returning({ id: formSubmissions.id });
  if (claimed.length === 0) return "repeat" as const;
  try {
    await write();
    return "written" as const;
  } catch (error) {
    await db
      .delete(formSubmissions)
      .where(eq(formSubmissions.id, id))
      .catch((releaseError) => logger.error({ err: releaseError }, "Releasing a form submission failed"));
    throw error;
  }
}

/** Forgets submissions older than `olderThanSeconds`: a repeat comes seconds after, not days. */
export async function pruneFormSubmissions(olderThanSeconds = 24 * 3600, now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000);
  await getDb().delete(formSubmissions).where(lt(formSubmissions.createdAt, cutoff));
}
