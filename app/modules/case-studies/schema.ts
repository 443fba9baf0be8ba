// The case study form, shared by the browser and the server: the title is required.
// Duration is whole months: empty is stored as null (unknown), "3.7" as 3 and other text as 0,
// the same rule as every other number field. Materials are entered as a list, one per row (or
// one per line), and stored as a JSON array of trimmed, non-empty names.
import { z } from "zod";
import {
  imageUrlField,
  optionalId,
  optionalIntegerField,
  optionalText,
  requiredText,
} from "~/lib/form-values";

export const MAX_MATERIALS = 50;
const MATERIAL_MAX_LENGTH = 200;

/** One or more rows of a list input (a single row arrives as a string), split on new lines too. */
export function toMaterialList(value: unknown): string[] {
  const rows = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return rows
    .filter((row): row is string => typeof row === "string")
    .flatMap((row) => row.split(/\r?\n/))
    .map((row) => row.trim())
    .filter((row) => row.length > 0);
}

// Typed as a list of optional strings so the form can edit it row by row (Conform's list fields).
const materials = z
  .array(z.string().optional())
  .optional()
  .transform(toMaterialList)
  .pipe(
    z
      .array(
        z.string().max(MATERIAL_MAX_LENGTH, `A material must be at most ${MATERIAL_MAX_LENGTH} characters`),
      )
      .max(MAX_MATERIALS, `At most ${MAX_MATERIALS} materials`),
  );

export const caseStudyFormSchema = z.object({
  title: requiredText("Title is required", 200),
  categoryId: optionalId(),
  durationMonths: optionalIntegerField({ label: "Duration", min: 0, max: 1200 }),
  materials,
  challenge: optionalText(5000),
  solution: optionalText(5000),
  result: optionalText(5000),
  imageUrl: imageUrlField(),
});
export type CaseStudyInput = z.output<typeof caseStudyFormSchema>;

const recordId = z.uuid("Invalid record");

/** Every intent the case studies screen posts. */
export const caseStudyActionSchema = z.discriminatedUnion("intent", [
  caseStudyFormSchema.extend({ intent: z.literal("create") }),
  caseStudyFormSchema.extend({ intent: z.literal("update"), id: recordId }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);
