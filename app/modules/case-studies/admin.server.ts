// Case studies for the back office: the paged, searched list and the writes.
import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import type { CategoryType } from "~/lib/vocabulary";
import { newestFirst } from "~/modules/taxonomy/admin.server";
import { getActiveCategories } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { caseStudies, categories } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { expectRow } from "~/server/http/screens.server";
import { parseMaterials } from "./materials";
import type { CaseStudyInput } from "./schema";

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

const CATEGORY_MESSAGE = "Please choose a case study category from the list.";

function caseStudyValues(input: CaseStudyInput) {
  return {
    title: input.title,
    categoryId: input.categoryId,
    durationMonths: input.durationMonths,
    materials: input.materials,
    challenge: input.challenge,
    solution: input.solution,
    result: input.result,
    imageUrl: input.imageUrl,
  };
}

/** Throws InputError for a category that is not a case-study category. */
export async function createCaseStudy(input: CaseStudyInput) {
  await assertCategoryOfType(input.categoryId, "case_studies", CATEGORY_MESSAGE);
  const [row] = await getDb()
    .insert(caseStudies)
    .values(caseStudyValues(input))
    .returning({ id: caseStudies.id });
  return row;
}

const GONE = "This case study no longer exists.";

export async function updateCaseStudy(id: string, input: CaseStudyInput) {
  await assertCategoryOfType(input.categoryId, "case_studies", CATEGORY_MESSAGE);
  const rows = await getDb()
    .update(caseStudies)
    .set(caseStudyValues(input))
    .where(eq(caseStudies.id, id))
    .returning({ id: caseStudies.id });
  return expectRow(rows, GONE);
}

export async function deleteCaseStudy(id: string) {
  expectRow(
    await getDb().delete(caseStudies).where(eq(caseStudies.id, id)).returning({ id: caseStudies.id }),
    GONE,
  );
}
