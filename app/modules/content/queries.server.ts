import { asc, desc, eq } from "drizzle-orm";
import { memoizeContent } from "~/server/cache/content-memo.server";
import { getDb } from "~/server/db/db.server";
import { contactContent } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { type ContactInfo, DEFAULT_CONTACT_INFO, sortBusinessHours } from "./contact-info";
import { businessHoursSchema, socialLinksSchema } from "./contact-info.schema";

type ContactRow = typeof contactContent.$inferSelect;

function firstOf<T>(rows: ContactRow[], pick: (row: ContactRow) => T | null | undefined): T | undefined {
  for (const row of rows) {
    const value = pick(row);
    if (value !== null && value !== undefined && value !== "") return value;
  }
  return undefined;
}

function nonEmpty<T extends object>(value: T | undefined) {
  return value && Object.keys(value).length > 0 ? value : undefined;
}

async function loadContactInfo(): Promise<ContactInfo> {
  const rows = await getDb()
    .select()
    .from(contactContent)
    .orderBy(desc(eq(contactContent.contentType, "contact_info")), asc(contactContent.createdAt));
  const hours = firstOf(rows, (r) => nonEmpty(businessHoursSchema.safeParse(r.businessHours).data));
  const social = firstOf(rows, (r) => nonEmpty(socialLinksSchema.safeParse(r.socialLinks).data));
  return {
    phone: firstOf(rows, (r) => r.phone) ?? DEFAULT_CONTACT_INFO.phone,
    email: firstOf(rows, (r) => r.email) ?? DEFAULT_CONTACT_INFO.email,
    address: firstOf(rows, (r) => r.address) ?? DEFAULT_CONTACT_INFO.address,
    businessHours: sortBusinessHours(hours ?? DEFAULT_CONTACT_INFO.businessHours),
    socialLinks: { ...DEFAULT_CONTACT_INFO.socialLinks, ...social },
    mapEmbedUrl: firstOf(rows, (r) => r.mapEmbedCode) ?? null,
  };
}

/**
 * Contact details from the contact content rows (contact_info first, then the others by age);
 * each field missing or unreadable falls back to the default. A failure is logged, never shown.
 */
export async function getContactInfo(): Promise<ContactInfo> {
  try {
    // Kept as read and checked: every public page shows it, so it is not parsed again per page.
    return await memoizeContent("contact-info", loadContactInfo);
  } catch (error) {
    logger.error({ err: error }, "Failed to load contact content; using defaults");
    return DEFAULT_CONTACT_INFO;
  }
}
