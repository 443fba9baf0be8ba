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

export type ContactPrefill = {
  subjects: string[];
  subject: string | undefined;
  product: string | undefined;
  message: string | undefined;
};

/** A message in the address is a suggestion to start from (the catalogue's "Ask us for it"), never a whole letter. */
export const PREFILL_MESSAGE_MAX = 500;

function cleanParam(value: string | null, max: number) {
  const text = value?.trim().slice(0, max);
  return text ? text : undefined;
}

/**
 * ?subject= picks the matching option (any case) or is added as one; ?product= names the product
 * the enquiry is about; ?message= starts the message (at most PREFILL_MESSAGE_MAX characters,
 * control characters other than line breaks dropped).
 */
export function prefillFromUrl(url: URL, subjects: string[]): ContactPrefill {
  const wanted = cleanParam(url.searchParams.get("subject"), ENQUIRY_LIMITS.subject);
  const product = cleanParam(url.searchParams.get("product"), ENQUIRY_LIMITS.product);
  const message = cleanParam(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
    url.searchParams.get("message")?.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "") ?? null,
    PREFILL_MESSAGE_MAX,
  );
  if (!wanted) return { subjects, subject: undefined, product, message };
  const match = subjects.find((s) => s.toLowerCase() === wanted.toLowerCase());
  return match
    ? { subjects, subject: match, product, message }
    : { subjects: [...subjects, wanted], subject: wanted, product, message };
}
