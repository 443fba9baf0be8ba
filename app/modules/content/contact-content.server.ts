// Contact content rows in the back office (/admin/contact), listed by created_at (commands.server.ts
// writes them). The public contact details read the same rows (queries.server.ts).
import { asc } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { contactContent } from "~/server/db/schema";

export type ContactContentRow = typeof contactContent.$inferSelect;

export function listContactContent(): Promise<ContactContentRow[]> {
  return getDb().select().from(contactContent).orderBy(asc(contactContent.createdAt), asc(contactContent.id));
}
