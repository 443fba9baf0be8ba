// The import screens' forms, shared by the browser and the actions: the upload, and on an
// import's page the mapping and options (a dry run, or the mapping saved as a profile), the
// apply, the undo and the discard.
import { z } from "zod";
import { checkbox, optionalText, requiredText } from "~/lib/form-values";
import { IMPORT_MODES, type ImportMode } from "~/lib/vocabulary";
import { SHEET_COLUMNS } from "~/modules/catalog-sheet/columns";

/** What each mode is called on the screen. */
export const IMPORT_MODE_LABELS = {
  create_update: "Create new products and update existing ones",
  create_only: "Only create new products",
  update_only: "Only update existing products",
} as const satisfies Record<ImportMode, string>;

export const importUploadSchema = z.object({
  intent: z.literal("upload"),
  sheetName: optionalText(100),
});

const FIELDS = SHEET_COLUMNS.map((column) => column.field) as [string, ...string[]];

/** Each column's field by position ("fields[0]"…); a column left at "Not imported" posts nothing. */
const fieldsSchema = z
  .array(z.enum(FIELDS, "Choose a field from the list").optional())
  .max(1000)
  .default([])
  .transform((fields) => Array.from(fields, (field) => field ?? null));

const options = {
  fields: fieldsSchema,
  mode: z.enum(IMPORT_MODES, "Choose what the import does").default("create_update"),
  createMissing: checkbox(),
};

export const importIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("plan"), ...options, stopAtFirstProblem: checkbox() }),
  z.object({
    intent: z.literal("save-profile"),
    ...options,
    profileName: requiredText("Give the profile a name", 100),
  }),
  z.object({ intent: z.literal("apply") }),
  z.object({ intent: z.literal("undo"), conflicts: z.coerce.number().int().min(0).default(0) }),
  z.object({ intent: z.literal("discard") }),
]);

/** The imports list's one form: a saved column profile deleted. */
export const importProfilesIntentSchema = z.object({
  intent: z.literal("delete-profile"),
  profileId: z.uuid("Choose a profile"),
});
