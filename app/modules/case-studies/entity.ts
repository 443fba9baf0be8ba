import { defineEntity } from "~/server/commands/entity";
import { caseStudies } from "~/server/db/schema";

export const caseStudyEntity = defineEntity({
  type: "case_study",
  noun: "case study",
  table: caseStudies,
  key: caseStudies.id,
  label: caseStudies.title,
  shownInPublic: true,
});
