// Contact content rows in the back office (/admin/contact): listed by created_at, created,
// updated and deleted by id. The public contact details read the same rows (queries.server.ts).
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { contactContent } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import type { ContactContentInput } from "./contact-content.schema";

export type ContactContentRow = typeof contactContent.$inferSelect;

export function listContactContent(): Promise<ContactContentRow[]> {
  return getDb().select().from(contactContent).orderBy(asc(contactContent.createdAt), asc(contactContent.id));
}

function toValues(input: ContactContentInput) {
  return {
    contentType: input.contentType,
    title: input.title,
    subtitle: input.subtitle,
    phone: input.phone,
    email: input.email,
    address: input.address,
    businessHours: input.businessHours,
    socialLinks: input.socialLinks,
    mapEmbedCode: input.mapEmbedCode,
  };
}

export async function createContactContent(input: ContactContentInput) {
  const [row] = await getDb().insert(contactContent).values(toValues(input)).returning();
  return row;
}

export async function updateContactContent(id: string, input: ContactContentInput) {
  const [row] = await getDb()
    .update(contactContent)
    .set(toValues(input))
    .where(eq(contactContent.id, id))
    .returning();
  if (!row) throw new InputError("This contact content no longer exists.");
  return row;
}

export async function deleteContactContent(id: string) {
  const [row] = await getDb()
    .delete(contactContent)
    .where(eq(contactContent.id, id))
    .returning({ id: contactContent.id });
  if (!row) throw new InputError("This contact content no longer exists.");
}
