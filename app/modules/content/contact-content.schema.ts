// The contact content form (/admin/contact), shared by the browser and the server. Business hours
// and social links are JSON objects typed as text; the map is kept only as a Google Maps embed URL.
import { z } from "zod";
import { optionalText, requiredText } from "~/lib/form-values";

/** JSON text to its value: empty is null, anything that does not parse is refused with why. */
function jsonObjectField(label: string) {
  return z
    .string()
    .max(10_000, `${label} is too long`)
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return null;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `${label} must be valid JSON: ${(error as Error).message}` });
        return z.NEVER;
      }
      if (!value || typeof value !== "object" || Array.isArray(value)) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a JSON object, e.g. {"Mon-Fri": "7AM-5PM"}`,
        });
        return z.NEVER;
      }
      return value as Record<string, string>;
    });
}

export const MAP_EMBED_ERROR =
  "The map must be a Google Maps embed URL (https://www.google.com/maps/embed?...) or an <iframe> whose src is one.";

const IFRAME_SRC = /^<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))[^>]*>/i;

function decodeAttribute(value: string) {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/**
 * The embed URL from what an admin pasted (the URL itself, or Google's "Embed a map" iframe), or
 * null when it is not a Google Maps embed: the site only ever renders an iframe of that URL, so
 * no pasted markup reaches a page.
 */
export function toMapEmbedUrl(input: string): string | null {
  const text = input.trim();
  const iframe = IFRAME_SRC.exec(text);
  const candidate = iframe ? decodeAttribute(iframe[1] ?? iframe[2] ?? iframe[3] ?? "") : text;
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    return null;
  }
  const isGoogle =
    url.hostname === "www.google.com" || url.hostname === "google.com" || url.hostname === "maps.google.com";
  if (url.protocol !== "https:" || !isGoogle || !url.pathname.startsWith("/maps/embed")) return null;
  if (url.username || url.password || url.port) return null;
  return url.toString();
}

export const contactContentFormSchema = z.object({
  id: z.uuid("Invalid record").optional(),
  contentType: requiredText("Content type is required", 50),
  title: optionalText(200),
  subtitle: optionalText(500),
  phone: optionalText(50),
  email: optionalText(254).refine(
    (value) => value === null || z.email().safeParse(value).success,
    "Please enter a valid email address",
  ),
  address: optionalText(500),
  businessHours: jsonObjectField("Business hours"),
  socialLinks: jsonObjectField("Social links"),
  mapEmbedCode: z
    .string()
    .max(5000, MAP_EMBED_ERROR)
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return null;
      const url = toMapEmbedUrl(text);
      if (!url) {
        ctx.addIssue({ code: "custom", message: MAP_EMBED_ERROR });
        return z.NEVER;
      }
      return url;
    }),
});
export type ContactContentInput = z.output<typeof contactContentFormSchema>;

/** A stored JSON value as the text area shows it. */
export function toJsonText(value: unknown) {
  return value === null || value === undefined ? "" : JSON.stringify(value, null, 2);
}

const recordId = z.uuid("Invalid record");

/** Every intent of the contact content screen. */
export const contactContentActionSchema = z.discriminatedUnion("intent", [
  contactContentFormSchema.extend({ intent: z.literal("create") }),
  contactContentFormSchema.extend({ intent: z.literal("update"), id: recordId }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);
