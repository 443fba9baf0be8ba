// The subjects a visitor can pick on the contact form.
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { contactSubjects } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { DEFAULT_SUBJECTS, ENQUIRY_LIMITS } from "./schema";

export type PublicSubjects = { subjects: string[]; loadFailed: boolean };

/** Active subjects by name; the defaults when there are none, or (flagged) when loading fails. */
export async function getPublicSubjects(): Promise<PublicSubjects> {
  try {
    const rows = await getDb()
      .select({ name: contactSubjects.subjectName })
      .from(contactSubjects)
      .where(eq(contactSubjects.isActive, true))
      .orderBy(asc(contactSubjects.subjectName));
    return { subjects: rows.length ? rows.map((r) => r.name) : DEFAULT_SUBJECTS, loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "Error loading subjects");
    return { subjects: DEFAULT_SUBJECTS, loadFailed: true };
  }
}

export type ContactPrefill = { subjects: string[]; subject: string | undefined; product: string | undefined };

function cleanParam(value: string | null, max: number) {
  const text = value?.trim().slice(0, max);
  return text ? text : undefined;
}

/**
 * ?subject= picks the matching option (any case) or is added as one; ?product= names the product
 * the enquiry is about.
 */
export function prefillFromUrl(url: URL, subjects: string[]): ContactPrefill {
  const wanted = cleanParam(url.searchParams.get("subject"), ENQUIRY_LIMITS.subject);
  const product = cleanParam(url.searchParams.get("product"), ENQUIRY_LIMITS.product);
  if (!wanted) return { subjects, subject: undefined, product };
  const match = subjects.find((s) => s.toLowerCase() === wanted.toLowerCase());
  return match
    ? { subjects, subject: match, product }
    : { subjects: [...subjects, wanted], subject: wanted, product };
}
