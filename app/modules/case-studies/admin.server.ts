// Case studies for the back office: the paged, searched list.
import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import type { CategoryType } from "~/lib/vocabulary";
import { newestFirst } from "~/modules/taxonomy/admin.server";
import { getActiveCategories } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { caseStudies, categories } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { parseMaterials } from "./materials";

export type AdminCaseStudy = Omit<typeof caseStudies.$inferSelect, "materials"> & {
  categoryName: string | null;
  materials: string[];
};

// Materials are jsonb: searched as their JSON text, so a material name matches inside the list.
function searchFilter(q: string) {
  return ilikeAny(
    [caseStudies.title, sql`${caseStudies.materials}::text`, caseStudies.challenge, caseStudies.solution],
    q,
  );
}

/** One page of case studies, newest first, with the exact total of the search. */
export async function listAdminCaseStudies({
  page,
  q,
}: {
  page: number;
  q: string;
}): Promise<Paged<AdminCaseStudy>> {
  const where = searchFilter(q);
  const paged = await readPage(
    page,
    () => getDb().select({ n: count() }).from(caseStudies).where(where),
    (offset) =>
      getDb()
        .select({ ...getTableColumns(caseStudies), categoryName: categories.name })
        .from(caseStudies)
        .leftJoin(categories, eq(caseStudies.categoryId, categories.id))
        .where(where)
        .orderBy(newestFirst(caseStudies.createdAt), desc(caseStudies.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  return { ...paged, rows: paged.rows.map((row) => ({ ...row, materials: parseMaterials(row.materials) })) };
}

/** The category pick-list: case-study categories, active, by name. */
export function getCaseStudyCategoryOptions() {
  return getActiveCategories("case_studies");
}

/**
 * A record's category must be a category of its own type: checked here so a stale pick-list or a
 * forged id gives a message instead of a foreign-key error or a case study filed under products.
 */
export async function assertCategoryOfType(categoryId: string | null, type: CategoryType, message: string) {
  if (!categoryId) return;
  const [row] = await getDb()
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.type, type)));
  if (!row) throw new InputError(message);
}
