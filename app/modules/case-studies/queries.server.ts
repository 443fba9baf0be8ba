import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { withImageAssets } from "~/modules/images/assets.server";
import type { ImageAsset } from "~/modules/images/image-asset";
import { getActiveCategories } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { caseStudies, categories } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { parseMaterials } from "./materials";

export type PublicCaseStudy = {
  id: string;
  title: string;
  /** The case study's own page, /case-study/SLUG. */
  slug: string;
  categoryName: string | null;
  durationMonths: number | null;
  materials: string[];
  challenge: string | null;
  solution: string | null;
  result: string | null;
  imageUrl: string | null;
  /** The processed variants of the image, for its srcset (attached after the select). */
  asset?: ImageAsset | null;
};

export type CategoryOption = { id: string; name: string };

const uuidSchema = z.uuid();

/** The columns a public page may show; shared with the case-study page query. */
export const publicColumns = {
  id: caseStudies.id,
  title: caseStudies.title,
  slug: caseStudies.slug,
  categoryName: categories.name,
  durationMonths: caseStudies.durationMonths,
  materials: caseStudies.materials,
  challenge: caseStudies.challenge,
  solution: caseStudies.solution,
  result: caseStudies.result,
  imageUrl: caseStudies.imageUrl,
};

function toPublic(row: Omit<PublicCaseStudy, "materials"> & { materials: unknown }): PublicCaseStudy {
  return { ...row, materials: parseMaterials(row.materials) };
}

/** Case studies newest first, optionally of one category. Case studies have no draft state. */
export async function listCaseStudies(options: { categoryId?: string | null } = {}) {
  const rows = await getDb()
    .select(publicColumns)
    .from(caseStudies)
    .leftJoin(categories, eq(caseStudies.categoryId, categories.id))
    .where(options.categoryId ? eq(caseStudies.categoryId, options.categoryId) : undefined)
    .orderBy(desc(caseStudies.createdAt), desc(caseStudies.id));
  return withImageAssets(rows.map(toPublic));
}

/** One case study by id; null for an unknown or malformed id (a bad id is not a server error). */
export async function getCaseStudy(id: string) {
  if (!uuidSchema.safeParse(id).success) return null;
  const [row] = await getDb()
    .select(publicColumns)
    .from(caseStudies)
    .leftJoin(categories, eq(caseStudies.categoryId, categories.id))
    .where(eq(caseStudies.id, id));
  if (!row) return null;
  const [study] = await withImageAssets([toPublic(row)], "imageUrl", { social: true });
  return study ?? null;
}

/** The tab a `category` query value names: a category id or, case-insensitively, its name. */
export function findCategory(options: CategoryOption[], value: string | null | undefined) {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return null;
  return options.find((c) => c.id === wanted || c.name.toLowerCase() === wanted) ?? null;
}

export type CaseStudiesPage = {
  categories: CategoryOption[];
  activeCategory: CategoryOption | null;
  caseStudies: PublicCaseStudy[];
  /** The case study `?study=` opens; looked up on its own when it is not in the filtered list. */
  selected: PublicCaseStudy | null;
  failed: boolean;
};

/**
 * Everything the public case-studies page shows. An unknown category shows them all. A failed
 * query is logged and reported as `failed` so the page can say so instead of answering 500.
 */
export async function getCaseStudiesPage(params: { category?: string | null; study?: string | null }) {
  try {
    const options = await getActiveCategories("case_studies");
    const activeCategory = findCategory(options, params.category);
    const list = await listCaseStudies({ categoryId: activeCategory?.id });
    const selected = params.study
      ? (list.find((s) => s.id === params.study) ?? (await getCaseStudy(params.study)))
      : null;
    return {
      categories: options,
      activeCategory,
      caseStudies: list,
      selected,
      failed: false,
    } satisfies CaseStudiesPage;
  } catch (error) {
    logger.error({ err: error }, "Failed to load case studies");
    return {
      categories: [],
      activeCategory: null,
      caseStudies: [],
      selected: null,
      failed: true,
    } satisfies CaseStudiesPage;
  }
}
