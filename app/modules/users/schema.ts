// Form schemas for accounts, shared by the browser and the server.
import { z } from "zod";

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
  redirectTo: z.string().max(500).optional(),
});

export const signUpSchema = z.object({
  intent: z.literal("sign-up"),
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100),
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});

export const authFormSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(target: string | null | undefined, fallback: string) {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
