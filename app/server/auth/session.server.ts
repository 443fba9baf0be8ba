// Sign-in, sign-up and sign-out through better-auth's server API; its Set-Cookie headers are
// passed on so the browser keeps only the session token. The sign-in page goes through
// attemptSignIn / attemptSignUp, which add the failure limits and the password rules (ADR 010).
import { APIError, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirect } from "~/lib/safe-redirect";
import { auditOriginOf, recordAuditEventSafely } from "../audit/audit.server";
import { getDb } from "../db/db.server";
import { sessions, users } from "../db/schema";
import { logger } from "../logger.server";
import { toastHeaders } from "../toast.server";
import { getAuth } from "./auth.server";
import { emailChangeOf } from "./confirmation-mail.server";
import { getSessionUser, isStaff } from "./guards.server";
import { passwordProblem } from "./password-policy.server";
import {
  confirmationLinkLimitedMessage,
  limitedMessage,
  openConfirmationLinkRequest,
  openSignInAttempt,
  openSignInLinkAttempt,
  openSignInLinkRequest,
  openSignUpAttempt,
  signInLinkLimitedMessage,
} from "./sign-in-limits.server";

type AuthResult =
  | { ok: true; headers: Headers; userId: string }
  | {
      ok: false;
      message: string;
      status: number;
      retryAfterSeconds?: number;
      /** The password was right but the e-mail address is not confirmed yet. */
      unconfirmed?: boolean;
    };

function failure(error: unknown): AuthResult {
  if (error instanceof APIError) {
    const message = error.body?.message ?? error.message;
    if (error.body?.code === "EMAIL_NOT_VERIFIED")
      return { ok: false, message, status: 400, unconfirmed: true };
    return { ok: false, message, status: 400 };
  }
  logger.error({ err: error }, "authentication error");
  return { ok: false, message: "Something went wrong. Please try again.", status: 500 };
}

/** The session this request's cookie names, if it is still live. */
async function currentSessionId(request: Request) {
  if (!request.headers.get("cookie")) return null;
  const current = await getAuth()
    .api.getSession({ headers: request.headers })
    .catch(() => null);
  return current?.session.id ?? null;
}

/**
 * E-mail and password sign-in: always a new session. A session the browser already had is
 * deleted, so an old cookie (perhaps another person's, on a shared computer) is never reused.
 */
export async function signInWithPassword(
  request: Request,
  email: string,
  password: string,
): Promise<AuthResult> {
  try {
    const previous = await currentSessionId(request);
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    if (previous) await getDb().delete(sessions).where(eq(sessions.id, previous));
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    return failure(error);
  }
}

/** The 429 of an attempt past its failure limit, with the wait in the message and Retry-After. */
function limitedResult(gate: {
  scope: Parameters<typeof limitedMessage>[0];
  retryAfterSeconds: number;
}): AuthResult {
  return {
    ok: false,
    status: 429,
    message: limitedMessage(gate.scope, gate.retryAfterSeconds),
    retryAfterSeconds: gate.retryAfterSeconds,
  };
}

/**
 * The sign-in page's sign-in: refused with 429 past the failure limits, before the password is
 * looked at. An unknown e-mail and a wrong password get the same answer, and both take one scrypt
 * run (better-auth hashes the given password when there is no such account).
 */
export async function attemptSignIn(
  request: Request,
  input: { email: string; password: string; clientIp: string },
): Promise<AuthResult> {
  const gate = await openSignInAttempt(input.email, input.clientIp);
  if (!gate.allowed) return limitedResult(gate);
  const result = await signInWithPassword(request, input.email, input.password);
  if (result.ok) await gate.succeeded();
  else logger.info({ event: "sign-in-failed", account: input.email, ip: input.clientIp }, "sign-in failed");
  await auditSignIn(request, input, result);
  return result;
}

/** A sign-in in the audit log: who (or which e-mail was tried), whether it worked, from where. */
async function auditSignIn(request: Request, input: { email: string; clientIp: string }, result: AuthResult) {
  const origin = auditOriginOf(request, input.clientIp);
  const email = input.email.trim().toLowerCase().slice(0, 254);
  if (!result.ok) {
    await recordAuditEventSafely({ id: null, name: null, email, role: null }, origin, {
      action: "sign_in_failed",
      entityType: "session",
      summary: `Failed sign-in as ${email}`,
    });
    return;
  }
  const [user] = await getDb()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, result.userId));
  await recordAuditEventSafely(user ?? { id: result.userId, name: null, email, role: null }, origin, {
    action: "sign_in",
    entityType: "session",
    entityId: user?.id ?? result.userId,
    summary: `Signed in as ${user?.email ?? email}`,
  });
}

function cookieHeaderFrom(setCookies: Headers) {
  const pairs = setCookies.getSetCookie().map((c) => c.split(";")[0]);
  return { cookie: pairs.join("; ") };
}

/** Where a signed-in customer goes: the page they were sent to sign in from, else their account. */
function customerLanding(redirectTo: string | undefined) {
  const target = safeRedirect(redirectTo, "/account");
  return target === "/admin" || target.startsWith("/admin/") || target.startsWith("/admin?")
    ? "/account"
    : target;
}

/**
 * Where a successful sign-in goes, with its session cookie and the welcome toast: staff to the
 * page they were sent to sign in from (a page of this site) or /admin; a customer to the page
 * they were sent from or their account (never the staff area, which only says Access Limited).
 */
export async function signedInRedirect(
  request: Request,
  outcome: Extract<AuthResult, { ok: true }>,
  redirectTo: string | undefined,
) {
  const user = await getSessionUser(new Request(request.url, { headers: cookieHeaderFrom(outcome.headers) }));
  logger.info({ userId: outcome.userId, role: user?.role }, "role looked up after sign-in");
  const headers = new Headers();
  for (const cookie of outcome.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const welcome = await toastHeaders({
    type: "success",
    title: "Welcome back!",
    description: "You have been signed in successfully.",
  });
  headers.append("Set-Cookie", welcome["Set-Cookie"]);
  return redirect(user && isStaff(user) ? safeRedirect(redirectTo, "/admin") : customerLanding(redirectTo), {
    headers,
  });
}

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";

async function signUpWithPassword(
  request: Request,
  input: { name: string; email: string; password: string },
): Promise<AuthResult> {
  // better-auth fails some malformed addresses with an error of its own (a 500 to the visitor):
  // they are refused here first, as a 400 with a message.
  if (!z.regexes.email.test(input.email) || input.email.length > 254) {
    return { ok: false, message: INVALID_EMAIL_MESSAGE, status: 400 };
  }
  const problem = passwordProblem(input.password, "user");
  if (problem) return { ok: false, message: problem, status: 400 };
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    return failure(error);
  }
}

/** Sign-up from the sign-in page: its failures count against the address's sign-in limit. */
export async function attemptSignUp(
  request: Request,
  input: { name: string; email: string; password: string; clientIp: string },
): Promise<AuthResult> {
  const gate = await openSignUpAttempt(input.clientIp);
  if (!gate.allowed) return limitedResult(gate);
  const result = await signUpWithPassword(request, input);
  if (result.ok) await gate.succeeded();
  return result;
}

type LinkRequestResult =
  | { ok: true }
  | { ok: false; message: string; status: number; retryAfterSeconds?: number };

/**
 * Asks for a new confirmation link for `email`, past the limits per client address and per
 * e-mail. The answer is the same whether the address has an account, an unconfirmed one or none:
 * better-auth mails only an unconfirmed account, and takes at least half a second either way.
 */
export async function requestConfirmationLink(input: {
  email: string;
  clientIp: string;
}): Promise<LinkRequestResult> {
  const gate = await openConfirmationLinkRequest(input.email, input.clientIp);
  if (!gate.allowed) {
    return {
      ok: false,
      status: 429,
      message: confirmationLinkLimitedMessage(gate.retryAfterSeconds),
      retryAfterSeconds: gate.retryAfterSeconds,
    };
  }
  const email = input.email.trim();
  // An address no account could have: nothing to send, and the same answer.
  if (!z.regexes.email.test(email) || email.length > 254) return { ok: true };
  try {
    // No session headers: a signed-in visitor asks for the address typed, like anyone else.
    await getAuth().api.sendVerificationEmail({ body: { email }, headers: new Headers() });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: true };
    logger.error({ err: error }, "confirmation link request error");
    return { ok: false, message: "Something went wrong. Please try again.", status: 500 };
  }
}

/**
 * Asks for a one-time sign-in link for `email`, past the limits per client address and per
 * e-mail. The answer is the same whatever the address: only a customer account that is active
 * and confirmed is sent a link (sendSignInLinkMail), and nothing else says which one it was.
 */
export async function requestSignInLink(input: {
  email: string;
  clientIp: string;
}): Promise<LinkRequestResult> {
  const gate = await openSignInLinkRequest(input.email, input.clientIp);
  if (!gate.allowed) {
    return {
      ok: false,
      status: 429,
      message: signInLinkLimitedMessage(gate.retryAfterSeconds),
      retryAfterSeconds: gate.retryAfterSeconds,
    };
  }
  const email = input.email.trim();
  if (!z.regexes.email.test(email) || email.length > 254) return { ok: true };
  try {
    await getAuth().api.signInMagicLink({ body: { email }, headers: new Headers() });
    return { ok: true };
  } catch (error) {
    if (error instanceof APIError) return { ok: true };
    logger.error({ err: error }, "sign-in link request error");
    return { ok: false, message: "Something went wrong. Please try again.", status: 500 };
  }
}

export const SIGN_IN_LINK_INVALID =
  "This sign-in link has expired or has been used. Please ask for a new one.";

/**
 * Signs in with the token of a sign-in link: once (the token is used up by the first try, right
 * or wrong account), within its 15 minutes, counted against the client address like a failed
 * sign-in. A session the browser already had is deleted, as on a password sign-in.
 */
export async function signInWithLink(
  request: Request,
  input: { token: string; clientIp: string },
): Promise<AuthResult> {
  const gate = await openSignInLinkAttempt(input.clientIp);
  if (!gate.allowed) return limitedResult(gate);
  if (!/^[A-Za-z0-9]{16,128}$/.test(input.token))
    return { ok: false, message: SIGN_IN_LINK_INVALID, status: 400 };
  let result: AuthResult;
  try {
    const previous = await currentSessionId(request);
    const { headers, response } = await getAuth().api.magicLinkVerify({
      query: { token: input.token },
      headers: request.headers,
      returnHeaders: true,
    });
    if (previous) await getDb().delete(sessions).where(eq(sessions.id, previous));
    result = { ok: true, headers, userId: response.user.id };
  } catch (error) {
    // better-auth's own errors (a redirect to its error page among them) say the link is no good.
    if (!isAPIError(error)) return failure(error);
    const deactivated = "This account has been deactivated.";
    const message = error.body?.message === deactivated ? deactivated : SIGN_IN_LINK_INVALID;
    result = { ok: false, message, status: 400 };
  }
  if (result.ok) {
    await gate.succeeded();
    const [user] = await getDb()
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, result.userId));
    await auditSignIn(request, { email: user?.email ?? "", clientIp: input.clientIp }, result);
  }
  return result;
}

/**
 * The link of the confirmation e-mail, or of an e-mail change: marks the address confirmed, or
 * moves the account to its new address, and says which it did. A token that is forged, expired,
 * for an account since deleted, or for an address taken since confirms nothing.
 */
export async function confirmEmail(token: string | null): Promise<"confirmed" | "changed" | null> {
  if (!token || token.length > 4000) return null;
  try {
    await getAuth().api.verifyEmail({ query: { token }, headers: new Headers() });
    return emailChangeOf(token) ? "changed" : "confirmed";
  } catch (error) {
    if (!isAPIError(error)) logger.error({ err: error }, "e-mail confirmation error");
    return null;
  }
}

export async function signOut(request: Request, clientIp?: string) {
  const headers = new Headers();
  const user = await getSessionUser(request).catch(() => null);
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session to end: still leave the visitor signed out.
  }
  if (user) {
    await recordAuditEventSafely(user, auditOriginOf(request, clientIp), {
      action: "sign_out",
      entityType: "session",
      entityId: user.id,
      summary: `Signed out ${user.email}`,
    });
  }
  headers.append(
    "Set-Cookie",
    (await toastHeaders({ type: "success", title: "Signed out", description: "You have been signed out." }))[
      "Set-Cookie"
    ],
  );
  return redirect("/", { headers });
}
