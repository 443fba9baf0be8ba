import { defineEntity } from "~/server/commands/entity";
import { catalogImportProfiles, catalogImports } from "~/server/db/schema";

/** Bookkeeping of an import's job: where it is, which worker holds it. Never in the log. */
const JOB_FIELDS = [
  "jobActor",
  "queuedAt",
  "jobStartedAt",
  "jobRowsAtStart",
  "jobRowsDone",
  "jobCursor",
  "lockedBy",
  "lockedUntil",
  "attempts",
  "lastError",
  "filePath",
] as const;

/** An import: its file, mapping, options, status and counts (its rows are the plan). */
export const catalogImportEntity = defineEntity({
  type: "catalog_import",
  noun: "catalogue import",
  table: catalogImports,
  key: catalogImports.id,
  label: catalogImports.fileName,
  shownInPublic: false,
  fields: Object.fromEntries(JOB_FIELDS.map((field) => [field, null])),
});

export const catalogImportProfileEntity = defineEntity({
  type: "catalog_import_profile",
  noun: "import column profile",
  table: catalogImportProfiles,
  key: catalogImportProfiles.id,
  label: catalogImportProfiles.name,
  shownInPublic: false,
});
