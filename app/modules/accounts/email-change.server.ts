// A customer's move to a new e-mail address: better-auth mails a signed link to the new address
// (confirmation-mail.server.ts writes it) and moves the account only when that link is opened,
// so an account is never moved to an address nobody has proved. An address that another account
// has is answered the same and mailed nothing. Limited like the other e-mailed links.
import { isAPIError } from "better-auth/api";
import { getAuth } from "~/server/auth/auth.server";
import { emailChangeLimitedMessage, openEmailChangeRequest } from "~/server/auth/sign-in-limits.server";
import { logger } from "~/server/logger.server";

type Answer = { ok: true } | { ok: false; status: number; message: string; retryAfterSeconds?: number };

export async function requestEmailChange(
  request: Request,
  input: { currentEmail: string; newEmail: string; clientIp: string },
): Promise<Answer> {
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === input.currentEmail.toLowerCase())
    return { ok: false, status: 400, message: "That is already the address you sign in with." };
  const gate = await openEmailChangeRequest(input.currentEmail, input.clientIp);
  if (!gate.allowed) {
    const wait = gate.retryAfterSeconds;
    return { ok: false, status: 429, message: emailChangeLimitedMessage(wait), retryAfterSeconds: wait };
  }
  try {
    await getAuth().api.changeEmail({ body: { newEmail }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error)) {
      // A session older than better-auth's fresh age may not change the address.
      const stale = /fresh/i.test(error.body?.message ?? "") || error.body?.code === "SESSION_NOT_FRESH";
      return {
        ok: false,
        status: 400,
        message: stale
          ? "Please sign out and sign in again before you change your e-mail address."
          : (error.body?.message ?? "Your e-mail address could not be changed."),
      };
    }
    logger.error({ err: error }, "e-mail change request error");
    return { ok: false, status: 500, message: "Something went wrong. Please try again." };
  }
}
