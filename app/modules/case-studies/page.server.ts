// The case-study page, /case-study/SLUG: one case study (they have no draft state) or where an
// old slug now leads.
import { and, eq } from "drizzle-orm";
import { withImageAssets } from "~/modules/images/assets.server";
import { getDb } from "~/server/db/db.server";
import { caseStudies, categories, slugRedirects } from "~/server/db/schema";
import { parseMaterials } from "./materials";
import type { PublicCaseStudy } from "./queries.server";
import { publicColumns } from "./queries.server";

export type CaseStudyPageResult =
  | { kind: "found"; study: PublicCaseStudy }
  | { kind: "moved"; slug: string }
  | { kind: "not-found" };

async function loadCaseStudy(slug: string) {
  const [row] = await getDb()
    .select(publicColumns)
    .from(caseStudies)
    .leftJoin(categories, eq(caseStudies.categoryId, categories.id))
    .where(eq(caseStudies.slug, slug))
    .limit(1);
  if (!row) return null;
  const [study] = await withImageAssets([{ ...row, materials: parseMaterials(row.materials) }], "imageUrl", {
    social: true,
  });
  return study ?? null;
}

async function findMovedSlug(oldSlug: string) {
  const [row] = await getDb()
    .select({ slug: caseStudies.slug })
    .from(slugRedirects)
    .innerJoin(caseStudies, eq(caseStudies.id, slugRedirects.targetId))
    .where(and(eq(slugRedirects.kind, "case_study"), eq(slugRedirects.oldSlug, oldSlug)))
    .limit(1);
  return row?.slug ?? null;
}

export async function getCaseStudyPage(slug: string): Promise<CaseStudyPageResult> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return { kind: "not-found" };
  const study = await loadCaseStudy(slug);
  if (study) return { kind: "found", study };
  const moved = await findMovedSlug(slug);
  return moved ? { kind: "moved", slug: moved } : { kind: "not-found" };
}
