// Limits on failed sign-ins per account (e-mail, case-insensitive) and per client address, on the
// database counters every server process shares (ADR 007, ADR 010). An attempt is counted before
// the password is checked, so a burst of parallel guesses cannot slip past the limit; a sign-in
// that succeeds is taken back from the address's count and clears the account's.
import crypto from "node:crypto";
import { rateLimitSubject } from "~/server/security/client-subject.server";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import {
  clearRateLimit,
  hitRateLimit,
  type RateLimitResult,
  type RateWindow,
  undoRateLimitHit,
} from "../security/rate-limit.server";

const SIGN_IN_WINDOW_SECONDS = 10 * 60;

type LimitScope = "account" | "ip";

type SignInGate =
  | { allowed: true; succeeded: () => Promise<void> }
  | { allowed: false; scope: LimitScope; retryAfterSeconds: number };

/** The e-mail as the counters know it: hashed, so any text typed (a NUL byte too) makes a key. */
function emailDigest(email: string) {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

export function accountKey(email: string) {
  return `sign-in:account:${emailDigest(email)}`;
}

function ipKey(clientIp: string) {
  return `sign-in:ip:${rateLimitSubject(clientIp)}`;
}

function windowsOf(max: number): RateWindow[] {
  return [{ seconds: SIGN_IN_WINDOW_SECONDS, max, sliding: true }];
}

function refuse(
  scope: LimitScope,
  result: RateLimitResult,
  max: number,
  who: { email?: string; clientIp: string },
): SignInGate {
  const failures = result.counts[0] ?? 0;
  // Exactly one attempt sees the count just past the limit: one warning per key and window, not
  // one per request of a flood.
  const level = failures === max + 1 ? "warn" : "debug";
  logger[level](
    {
      event: "sign-in-limited",
      scope,
      account: scope === "account" ? who.email?.trim().toLowerCase() : undefined,
      ip: who.clientIp,
      failures,
      retryAfterSeconds: result.retryAfterSeconds,
    },
    `sign-in refused: too many failed attempts for this ${scope === "account" ? "account" : "address"}`,
  );
  return { allowed: false, scope, retryAfterSeconds: result.retryAfterSeconds };
}

/**
 * Counts a sign-in attempt against the address and then the account. The address is checked
 * first so that a blocked address cannot also run up the counts of the accounts it sprays.
 */
export async function openSignInAttempt(
  email: string,
  clientIp: string,
  now: Date = new Date(),
): Promise<SignInGate> {
  const env = getEnv();
  const ipWindows = windowsOf(env.SIGN_IN_MAX_FAILURES_PER_IP);
  const ip = await hitRateLimit(ipKey(clientIp), ipWindows, now);
  if (ip.limited) return refuse("ip", ip, env.SIGN_IN_MAX_FAILURES_PER_IP, { email, clientIp });
  const accountWindows = windowsOf(env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT);
  const account = await hitRateLimit(accountKey(email), accountWindows, now);
  if (account.limited) {
    return refuse("account", account, env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, { email, clientIp });
  }
  return {
    allowed: true,
    async succeeded() {
      await undoRateLimitHit(ipKey(clientIp), ipWindows, now);
      await clearRateLimit(accountKey(email), accountWindows);
    },
  };
}

/** Sign-up attempts count against the address only (there is no account yet). */
export async function openSignUpAttempt(clientIp: string, now: Date = new Date()): Promise<SignInGate> {
  const env = getEnv();
  const ipWindows = windowsOf(env.SIGN_IN_MAX_FAILURES_PER_IP);
  const ip = await hitRateLimit(ipKey(clientIp), ipWindows, now);
  if (ip.limited) return refuse("ip", ip, env.SIGN_IN_MAX_FAILURES_PER_IP, { clientIp });
  return {
    allowed: true,
    async succeeded() {
      await undoRateLimitHit(ipKey(clientIp), ipWindows, now);
    },
  };
}

/** Using a sign-in link counts against the address only, like a sign-up (the link names no account). */
export const openSignInLinkAttempt = openSignUpAttempt;

/** The message shown on the sign-in page with the 429. */
export function limitedMessage(scope: LimitScope, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return scope === "account"
    ? `Too many failed sign-in attempts for this e-mail address. ${wait}`
    : `Too many failed sign-in attempts from your network. ${wait}`;
}

/** E-mailed links (a new confirmation link, a sign-in link): this many an hour per e-mail address, and per client address. */
const LINKS_PER_ACCOUNT = 3;
const LINKS_PER_IP = 10;
const LINK_WINDOW_SECONDS = 3600;

type LinkKind = "confirm-link" | "sign-in-link" | "email-change";

/**
 * Counts a request for an e-mailed link, against the client address and then the e-mail typed.
 * The e-mail's count is kept whether or not it has an account, so being refused says nothing
 * about the address either.
 */
async function openLinkRequest(
  kind: LinkKind,
  email: string,
  clientIp: string,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const windowOf = (max: number): RateWindow[] => [{ seconds: LINK_WINDOW_SECONDS, max, sliding: true }];
  const ip = await hitRateLimit(`${kind}:ip:${rateLimitSubject(clientIp)}`, windowOf(LINKS_PER_IP), now);
  if (ip.limited) return { allowed: false, retryAfterSeconds: ip.retryAfterSeconds };
  const account = await hitRateLimit(
    `${kind}:account:${emailDigest(email)}`,
    windowOf(LINKS_PER_ACCOUNT),
    now,
  );
  if (account.limited) return { allowed: false, retryAfterSeconds: account.retryAfterSeconds };
  return { allowed: true };
}

export function openConfirmationLinkRequest(email: string, clientIp: string, now: Date = new Date()) {
  return openLinkRequest("confirm-link", email, clientIp, now);
}

export function openSignInLinkRequest(email: string, clientIp: string, now: Date = new Date()) {
  return openLinkRequest("sign-in-link", email, clientIp, now);
}

export function openEmailChangeRequest(email: string, clientIp: string, now: Date = new Date()) {
  return openLinkRequest("email-change", email, clientIp, now);
}

function waitOf(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The message shown with the 429 of a request for a sign-in link. */
export function signInLinkLimitedMessage(retryAfterSeconds: number) {
  return `Too many requests for a sign-in link. Please try again in ${waitOf(retryAfterSeconds)}.`;
}

/** The message shown with the 429 of a request for a new confirmation link. */
export function confirmationLinkLimitedMessage(retryAfterSeconds: number) {
  return `Too many requests for a new confirmation link. Please try again in ${waitOf(retryAfterSeconds)}.`;
}

/** The message shown with the 429 of a request to change an account's e-mail address. */
export function emailChangeLimitedMessage(retryAfterSeconds: number) {
  return `Too many requests to change your e-mail address. Please try again in ${waitOf(retryAfterSeconds)}.`;
}
