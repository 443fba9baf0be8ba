import { defineEntity } from "~/server/commands/entity";
import { certifications } from "~/server/db/schema";

export const certificationEntity = defineEntity({
  type: "certification",
  noun: "certification",
  table: certifications,
  key: certifications.id,
  label: certifications.title,
  shownInPublic: true,
});
