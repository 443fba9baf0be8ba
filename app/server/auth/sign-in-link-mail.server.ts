// The e-mail that signs a customer in without a password: a link to /auth/sign-in-link, which
// asks them to press Sign in (so a mail scanner that opens links spends nothing) and then uses
// the link's one-time token. Only an active customer account with a confirmed address is sent
// one; for any other address nothing is sent, and the sign-in page answers the same.
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../db/db.server";
import { users } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { enqueueMail, wakeMailWorker } from "../mail/outbox.server";

/** The path of the sign-in link; its `token` is better-auth's one-time magic-link token. */
export const SIGN_IN_LINK_PATH = "/auth/sign-in-link";

/** How long a sign-in link works: 15 minutes, once. */
export const SIGN_IN_LINK_SECONDS = 15 * 60;

export function signInLink(token: string) {
  return `${publicBaseUrl()}${SIGN_IN_LINK_PATH}?token=${encodeURIComponent(token)}`;
}

/** The account a sign-in link may be sent to: a customer's, active, with its address confirmed. */
async function linkableAccount(email: string) {
  const [user] = await getDb()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(users.role, "user"),
        eq(users.isActive, true),
        eq(users.emailVerified, true),
      ),
    );
  return user ?? null;
}

/** Queues the sign-in link for `email` when it is a customer's, and wakes the mail worker. */
export async function sendSignInLinkMail(email: string, token: string) {
  const user = await linkableAccount(email);
  if (!user) return;
  await enqueueMail(getDb(), {
    kind: "sign_in_link",
    recipients: [user.email],
    subject: "Your sign-in link for Trade Counter",
    text: [
      `Kia ora ${user.name},`,
      "",
      "Open this link to sign in to your Trade Counter account:",
      "",
      signInLink(token),
      "",
      "The link works once, for 15 minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.",
    ].join("\n"),
  });
  wakeMailWorker();
}
