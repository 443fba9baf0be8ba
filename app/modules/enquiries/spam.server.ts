// Spam defence without a CAPTCHA: a honeypot field, a minimum fill time carried by a signed
// token the page was served with, and a per-IP rate limit. What trips them is stored as Spam
// (see submit.server.ts); only a flood far past the limit is refused unread. A token is good for
// one enquiry and for a week: sent again, or later, it counts as no token (Spam, no e-mail).

import type { SpamReason } from "~/lib/vocabulary";
import type { Transaction } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { rateLimitSubject } from "~/server/security/client-subject.server";
import { readFormToken } from "~/server/security/form-token.server";
import { countUse, hitRateLimit } from "~/server/security/rate-limit.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "./schema";

/** Past this many times the hourly limit, posts are refused without being read or stored. */
const FLOOD_FACTOR = 3;

/** A form left open over a long weekend still sends; an older token is no token. */
export const FORM_TOKEN_MAX_AGE_SECONDS = 7 * 24 * 3600;

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
