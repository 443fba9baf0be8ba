// The consent pack's form: the job's name and site address as the builder types them, and the
// date the certificates must stay valid until; all optional. One schema for browser and server.
import { z } from "zod";
import { isIsoDate } from "~/lib/nz-date";
import { JOB_NAME_MAX, SELECTION_MAX_PRODUCTS, SITE_ADDRESS_MAX, tooManyTickedMessage } from "./limits";

export const consentPackSchema = z.object({
  job: z
    .string()
    .trim()
    .max(JOB_NAME_MAX, `The job's name must be at most ${JOB_NAME_MAX} characters`)
    .default(""),
  site: z
    .string()
    .trim()
    .max(SITE_ADDRESS_MAX, `The site address must be at most ${SITE_ADDRESS_MAX} characters`)
    .default(""),
  until: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isIsoDate(value), "Enter the date as a calendar date"),
  /** One PDF, or a ZIP with each document its own file. */
  format: z.enum(["pdf", "zip"]).catch("pdf"),
});

export type ConsentPackRequest = z.output<typeof consentPackSchema>;

/** The form's values from a URL's query (a GET form works with scripts off). */
export function readConsentPackQuery(url: URL) {
  return consentPackSchema.safeParse({
    job: url.searchParams.get("job") ?? "",
    site: url.searchParams.get("site") ?? "",
    until: url.searchParams.get("until") ?? "",
    format: url.searchParams.get("format") ?? "pdf",
  });
}

export type PackSelection =
  | { ok: true; ids: string[] }
  | { ok: false; reason: "none" | "invalid" | "too_many"; message: string };

const productIdSchema = z.uuid();

/**
 * The products ticked in the catalogue list: the repeated `id` of its GET form, in the order
 * sent (the list's), each once. None, one that is not a product's id, or more than one pack
 * holds, is refused with the reason in words.
 */
export function readPackSelection(url: URL): PackSelection {
  const sent = url.searchParams.getAll("id").map((id) => id.trim().toLowerCase());
  if (sent.length === 0)
    return {
      ok: false,
      reason: "none",
      message: "Tick the products to put in the consent pack, then download it.",
    };
  if (sent.some((id) => !productIdSchema.safeParse(id).success))
    return {
      ok: false,
      reason: "invalid",
      message: "The selection names something that is not a product. Tick the products in the list again.",
    };
  const ids = [...new Set(sent)];
  if (ids.length > SELECTION_MAX_PRODUCTS)
    return { ok: false, reason: "too_many", message: tooManyTickedMessage(ids.length) };
  return { ok: true, ids };
}
