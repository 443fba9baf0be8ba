// The shapes the contact details are read in from the database.
import { z } from "zod";
import { isSafeExternalUrl } from "~/lib/safe-link";

export const businessHoursSchema = z.record(z.string().max(100), z.string().max(200));
/** Social links are other sites: http(s) only, never javascript: or a path with hidden characters. */
export const socialLinksSchema = z.record(
  z.string().max(50),
  z
    .string()
    .max(500)
    .refine((value) => isSafeExternalUrl(value)),
);
