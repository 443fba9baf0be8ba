// Case studies are written by these commands (run through server/commands/runner.server.ts).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { caseStudies } from "~/server/db/schema";
import { expectRow } from "~/server/http/screens.server";
import { assertCategoryOfType } from "./admin.server";
import { caseStudyEntity } from "./entity";
import type { CaseStudyInput, caseStudyActionSchema } from "./schema";

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
async function createCaseStudy(input: CaseStudyInput) {
  await assertCategoryOfType(input.categoryId, "case_studies", CATEGORY_MESSAGE);
  const [row] = await getDb()
    .insert(caseStudies)
    .values(caseStudyValues(input))
    .returning({ id: caseStudies.id });
  return row;
}

const GONE = "This case study no longer exists.";

async function updateCaseStudy(id: string, input: CaseStudyInput) {
  await assertCategoryOfType(input.categoryId, "case_studies", CATEGORY_MESSAGE);
  const rows = await getDb()
    .update(caseStudies)
    .set(caseStudyValues(input))
    .where(eq(caseStudies.id, id))
    .returning({ id: caseStudies.id });
  return expectRow(rows, GONE);
}

async function deleteCaseStudy(id: string) {
  expectRow(
    await getDb().delete(caseStudies).where(eq(caseStudies.id, id)).returning({ id: caseStudies.id }),
    GONE,
  );
}

/** Creates, updates or deletes a case study, as the case studies screen's intent says. */
export const saveCaseStudy = defineCommand({
  name: "case_study.save",
  entity: caseStudyEntity,
  access: "admin",
  target: (input: z.output<typeof caseStudyActionSchema>) => ({
    action: input.intent,
    id: "id" in input ? input.id : null,
  }),
  run: async (input) => {
    if (input.intent === "create") return createCaseStudy(input);
    if (input.intent === "update") return updateCaseStudy(input.id, input);
    return deleteCaseStudy(input.id);
  },
});
