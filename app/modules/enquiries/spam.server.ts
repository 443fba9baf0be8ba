// Spam defence without a CAPTCHA: a honeypot field, a minimum fill time carried by a signed
// token the page was served with, and a per-IP rate limit. What trips them is stored as Spam
// (see submit.server.ts); only a flood far past the limit is refused unread. A token is good for
// one enquiry and for a week: sent again, or later, it counts as no token (Spam, no e-mail).
import crypto from "node:crypto";
import net from "node:net";
import { resolveAuthSecret } from "~/server/auth/auth.server";
import type { Transaction } from "~/server/db/client.server";
import type { SpamReason } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { countUse, hitRateLimit } from "~/server/security/rate-limit.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "./schema";

/** Past this many times the hourly limit, posts are refused without being read or stored. */
const FLOOD_FACTOR = 3;

/** A form left open over a long weekend still sends; an older token is no token. */
export const FORM_TOKEN_MAX_AGE_SECONDS = 7 * 24 * 3600;

function sign(issuedAt: string, nonce: string) {
  return crypto
    .createHmac("sha256", resolveAuthSecret())
    .update(`enquiry-form:${issuedAt}.${nonce}`)
    .digest("base64url");
}

/**
 * The value of the form's hidden token field: when the page was served and a random nonce (two
 * pages served in the same millisecond still get tokens of their own), signed.
 */
export function issueFormToken(now: Date = new Date()) {
  const issuedAt = String(now.getTime());
  const nonce = crypto.randomBytes(9).toString("base64url");
  return `${issuedAt}.${nonce}.${sign(issuedAt, nonce)}`;
}

/** When the token says the form was served, or null when it is missing or forged. */
export function readFormToken(token: unknown): Date | null {
  if (typeof token !== "string" || token.length > 100) return null;
  const [issuedAt, nonce, signature, ...rest] = token.split(".");
  if (!issuedAt || !nonce || !signature || rest.length > 0 || !/^\d{1,15}$/.test(issuedAt)) return null;
  const expected = Buffer.from(sign(issuedAt, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return new Date(Number(issuedAt));
}

/** Honeypot and fill time, judged on the posted fields. */
export function assessFormFields(
  fields: { get(name: string): unknown },
  now: Date = new Date(),
): SpamReason | null {
  const honeypot = fields.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return "honeypot";
  const servedAt = readFormToken(fields.get(FORM_TOKEN_FIELD));
  if (!servedAt) return "no_form_token";
  const minMs = getEnv().ENQUIRY_MIN_FILL_SECONDS * 1000;
  // A token from the future (clock skew between processes) counts as just served.
  if (now.getTime() - servedAt.getTime() < minMs) return "too_fast";
  if (now.getTime() - servedAt.getTime() > FORM_TOKEN_MAX_AGE_SECONDS * 1000) return "no_form_token";
  return null;
}

/**
 * Records the form's token as used, in the enquiry's own transaction (a failed save leaves it
 * unused, so the visitor can send again); true when it had been used before: a replay.
 */
export async function isReplayedFormToken(fields: { get(name: string): unknown }, tx: Transaction) {
  const token = fields.get(FORM_TOKEN_FIELD);
  const servedAt = readFormToken(token);
  if (!servedAt || typeof token !== "string") return false;
  const signature = token.split(".")[2] ?? "";
  return (await countUse(`form-token:${signature}`, servedAt, FORM_TOKEN_MAX_AGE_SECONDS, tx)) > 1;
}

export type RateVerdict =
  | { kind: "allowed" }
  /** Over the limit: answered 429, stored as Spam. */
  | { kind: "limited"; retryAfterSeconds: number }
  /** Far over the limit: answered 429 without reading the body. */
  | { kind: "flood"; retryAfterSeconds: number };

/** The eight groups of an IPv6 address, written out ("2001:db8::1" → 2001, db8, 0, …, 1). */
function ipv6Groups(address: string) {
  let text = address.split("%")[0] ?? "";
  // A dotted IPv4 tail (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) is two more groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = Array(8 - left.length - right.length).fill("0");
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((g) => g.replace(/^0+(?=.)/, ""));
}

/**
 * Who a rate limit counts: an IPv4 address as it is (also when written IPv4-mapped), an IPv6
 * address by its /64, the block one home or server is given, so a sender cannot get a fresh
 * limit by stepping to the next address in it.
 */
export function rateLimitSubject(clientIp: string) {
  const address = clientIp.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped && net.isIPv4(mapped)) return mapped;
  if (net.isIPv6(address.split("%")[0] ?? "")) return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
  return address || "unknown";
}

export async function checkEnquiryRate(clientIp: string, now: Date = new Date()): Promise<RateVerdict> {
  const env = getEnv();
  const result = await hitRateLimit(
    `enquiry:${rateLimitSubject(clientIp)}`,
    [
      { seconds: 60, max: env.ENQUIRY_RATE_LIMIT_PER_MINUTE },
      { seconds: 3600, max: env.ENQUIRY_RATE_LIMIT_PER_HOUR },
    ],
    now,
  );
  if (!result.limited) return { kind: "allowed" };
  const hourly = result.counts[1] ?? 0;
  if (hourly > env.ENQUIRY_RATE_LIMIT_PER_HOUR * FLOOD_FACTOR) {
    return { kind: "flood", retryAfterSeconds: result.retryAfterSeconds };
  }
  return { kind: "limited", retryAfterSeconds: result.retryAfterSeconds };
}
