// Form schemas for accounts, shared by the browser and the server.
import { z } from "zod";
import { PASSWORD_MAX, passwordLengthMessage, passwordMinimum } from "~/lib/password-rules";
import { ROLES, type Role } from "~/lib/vocabulary";

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
  // Any text: a return address that is not a page of this site is replaced, not refused.
  redirectTo: z.string().optional(),
});

export const signUpSchema = z.object({
  intent: z.literal("sign-up"),
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100),
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});

/** A new confirmation link, offered when a sign-in is refused for an unconfirmed address. */
export const confirmationLinkSchema = z.object({
  intent: z.literal("resend-confirmation"),
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254),
});

/** A customer's one-time sign-in link by e-mail. */
export const signInLinkSchema = z.object({
  intent: z.literal("sign-in-link"),
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254),
});

export const authFormSchema = z.discriminatedUnion("intent", [
  signInSchema,
  signUpSchema,
  confirmationLinkSchema,
  signInLinkSchema,
]);

// ------------------------------------------------------------------ User Management (admin)

const userFields = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name is too long"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address")),
  password: z.string().max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`).optional(),
  role: z.enum(ROLES, { error: "Please choose a role" }).default("user"),
});

// Required on creation; on edit a blank password keeps the current one.
function checkPassword(required: boolean) {
  return (value: { password?: string; role: Role }, ctx: z.RefinementCtx) => {
    const password = value.password ?? "";
    if (!password) {
      if (required) ctx.addIssue({ code: "custom", path: ["password"], message: "Password is required" });
      return;
    }
    if (password.length < passwordMinimum(value.role)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: passwordLengthMessage(value.role) });
    }
  };
}

export const createUserFormSchema = userFields
  .extend({ intent: z.literal("create") })
  .superRefine(checkPassword(true));
export const updateUserFormSchema = userFields
  .extend({ intent: z.literal("update"), id: z.string().min(1, "Invalid user").max(100) })
  .superRefine(checkPassword(false));

export const userIntentSchema = z.discriminatedUnion("intent", [
  createUserFormSchema,
  updateUserFormSchema,
  z.object({
    intent: z.literal("set-active"),
    id: z.string().min(1).max(100),
    isActive: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(100) }),
]);

export type UserFormInput = z.output<typeof userFields>;

export const USER_FORM_DEFAULTS = { name: "", email: "", password: "", role: "user" };
