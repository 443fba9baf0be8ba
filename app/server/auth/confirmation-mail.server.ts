// The e-mail that confirms a new account's address: a link to /auth/confirm-email, which marks
// the address confirmed and lands on the site root. Until then the account cannot sign in. The
// message goes through the mail outbox like every other, so a relay outage delays it, never loses it.
import { getDb } from "../db/db.server";
import { publicBaseUrl } from "../env.server";
import { enqueueMail, wakeMailWorker } from "../mail/outbox.server";

/** The path of the confirmation link; its `token` is better-auth's signed verification token. */
const CONFIRM_EMAIL_PATH = "/auth/confirm-email";

/** How long a confirmation link works: 24 hours. The sign-in page offers a new one. */
export const CONFIRMATION_LINK_SECONDS = 24 * 3600;

function confirmationLink(token: string) {
  return `${publicBaseUrl()}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

/** Queues the message (in the caller's transaction, if any) and wakes the worker once it is committed. */
export async function sendConfirmationMail(email: string, token: string) {
  const link = confirmationLink(token);
  await enqueueMail(getDb(), {
    kind: "account_confirmation",
    recipients: [email],
    subject: "Confirm your e-mail address for Trade Counter",
    text: [
      "Kia ora,",
      "",
      "Thanks for creating an account with Trade Counter. Please confirm your e-mail address by opening this link:",
      "",
      link,
      "",
      "The link works for 24 hours. Once your address is confirmed you can sign in.",
      "",
      "If you did not create this account, you can ignore this e-mail.",
    ].join("\n"),
  });
  wakeMailWorker();
}

/**
 * The new address a verification token moves an account to, when it is the token of an e-mail
 * change (better-auth signs it; this only reads which mail to write, the check is verifyEmail's).
 */
export function emailChangeOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return payload?.requestType === "change-email-verification" && typeof payload.updateTo === "string"
      ? payload.updateTo
      : null;
  } catch {
    return null;
  }
}

/** The link that moves a customer's account to a new address, mailed to that address. */
export async function sendEmailChangeMail(newEmail: string, token: string) {
  await enqueueMail(getDb(), {
    kind: "email_change",
    recipients: [newEmail],
    subject: "Confirm your new e-mail address for Trade Counter",
    text: [
      "Kia ora,",
      "",
      "You asked to sign in to your Trade Counter account with this e-mail address from now on. Please confirm it by opening this link:",
      "",
      confirmationLink(token),
      "",
      "The link works for 24 hours. Until then you keep signing in with your current address.",
      "",
      "If you did not ask for this, you can ignore this e-mail: nothing changes.",
    ].join("\n"),
  });
  wakeMailWorker();
}
