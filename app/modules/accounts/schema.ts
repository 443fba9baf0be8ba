// A customer's own account: the form schemas shared by the browser and the server.
import { z } from "zod";

/** A phone number as people write one: digits, spaces and + ( ) - . only. */
const PHONE = /^[0-9+()\-. ]*$/;

function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);
}

export const profileFormSchema = z.object({
  intent: z.literal("save-profile"),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name is too long"),
  phone: optionalText(40, "Phone is too long").refine((value) => value === null || PHONE.test(value), {
    message: "Please enter a valid phone number",
  }),
  company: optionalText(120, "Company is too long"),
});
export type ProfileInput = z.output<typeof profileFormSchema>;
