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

/** A new address to sign in with: confirmed at that address before the account moves to it. */
export const changeEmailSchema = z.object({
  intent: z.literal("change-email"),
  newEmail: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address")),
});

export const endSessionSchema = z.object({
  intent: z.literal("end-session"),
  id: z.string().min(1).max(100),
});

export const endOtherSessionsSchema = z.object({ intent: z.literal("end-other-sessions") });

/** Deleting the account is confirmed by typing its e-mail address. */
export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  confirmEmail: z
    .string({ error: "Type your e-mail address to confirm" })
    .trim()
    .min(1, "Type your e-mail address to confirm")
    .max(254),
});

export const accountSettingsSchema = z.discriminatedUnion("intent", [
  changeEmailSchema,
  endSessionSchema,
  endOtherSessionsSchema,
  deleteAccountSchema,
]);
export type AccountSettingsInput = z.output<typeof accountSettingsSchema>;
