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
