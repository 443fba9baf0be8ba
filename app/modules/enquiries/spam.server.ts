// Spam defence without a CAPTCHA, judged in one place: the enquiry forms' screen, which the intake
// (server/http/intake) runs with every enquiry post. A per-IP rate limit counts the post as it
// arrives; then judgeEnquiry sees everything known of the post at once (the rate, the form's own
// verdict, the honeypot field, the fill time and single use carried by the signed token the page
// was served with, and the acknowledgements the sender's address has had today) and returns the
// verdict:
//
// - far past the limit (a flood): refused unread, 429;
// - over the limit: 429 (a readable, valid post is stored as Spam "rate_limit", without its file);
// - honeypot, too fast, no token or one already used: taken as a person's would be, stored as
//   Spam, nobody mailed;
// - otherwise a person's enquiry, its acknowledgement sent unless the address had its day's share.
//
// A token is good for one enquiry and for a week: sent again, or later, it counts as no token.
// What the verdict counted (the token's use, an acknowledgement) is given back if the enquiry is
// then not saved, so the visitor's next try is judged the same.
import crypto from "node:crypto";
import type { SpamReason } from "~/lib/vocabulary";
import type { Actor } from "~/server/commands/actor";
import { getEnv } from "~/server/env.server";
import { type Evidence, refusal, type Screen, type ScreenVerdict } from "~/server/http/judge.server";
import { rateLimitSubject } from "~/server/security/client-subject.server";
import { readFormToken } from "~/server/security/form-token.server";
import { countUse, hitRateLimit, undoRateLimitHit, undoUse } from "~/server/security/rate-limit.server";
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

/** A use that was counted, and how to take it back. */
type Spent = { again: boolean; giveBack(): Promise<void> };

/** Records the form's token as used; `again` when it had been used before (a replay). */
async function spendFormToken(fields: { get(name: string): unknown }): Promise<Spent | null> {
  const token = fields.get(FORM_TOKEN_FIELD);
  const servedAt = readFormToken(token);
  if (!servedAt || typeof token !== "string") return null;
  const key = `form-token:${token.split(".")[2] ?? ""}`;
  const uses = await countUse(key, servedAt, FORM_TOKEN_MAX_AGE_SECONDS);
  return { again: uses > 1, giveBack: () => undoUse(key, servedAt, FORM_TOKEN_MAX_AGE_SECONDS) };
}

/**
 * One mailbox, however the address is written: case and a "+tag" after the local part do not
 * make another one. Hashed, so the counters table holds no addresses.
 */
export function acknowledgementKey(email: string) {
  const [local = "", domain = ""] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const mailbox = `${local.split("+")[0]}@${domain}`;
  return `enquiry-ack:${crypto.createHash("sha256").update(mailbox).digest("hex").slice(0, 32)}`;
}

/**
 * Anyone can type any address into the form, so the acknowledgement is the one e-mail a stranger
 * can make us send to someone else: one address gets at most
 * ENQUIRY_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY of them a day (UTC). Counts one; `again` once the
 * day's allowance is spent.
 */
async function spendAcknowledgement(email: string, now: Date): Promise<Spent> {
  const max = getEnv().ENQUIRY_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY;
  if (max === 0) return { again: true, giveBack: async () => {} };
  const key = acknowledgementKey(email);
  const windows = [{ seconds: 86_400, max }];
  const result = await hitRateLimit(key, windows, now);
  return { again: result.limited, giveBack: () => undoRateLimitHit(key, windows, now) };
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

/** What the screen found in an enquiry it took. */
export type EnquiryScreening = {
  /** Stored as Spam for this: the sender is told it was received, staff are not notified. */
  spam: SpamReason | null;
  /** Whether the sender's address is sent its acknowledgement. */
  acknowledge: boolean;
  /** Over the rate limit: when the sender may send again. */
  retryAfterSeconds?: number;
};

type EnquiryArrival = { rate: RateVerdict; unread: boolean };

/** The fields the screen reads of a valid enquiry. */
type EnquiryValue = { email: string };

/** The one verdict on an enquiry post (see the top of this file). */
export async function judgeEnquiry(
  evidence: Evidence<EnquiryValue, EnquiryArrival>,
): Promise<ScreenVerdict<EnquiryScreening>> {
  const { arrival, form, at } = evidence;
  const { rate } = arrival;
  if (rate.kind !== "allowed" && !form?.ok) {
    // The values come back (when they were read) so the visitor can send them again later.
    const submission = form?.refusal.submission;
    return {
      ok: false,
      refusal: refusal("screened", { submission, retryAfterSeconds: rate.retryAfterSeconds }),
    };
  }
  if (!form) return { ok: false, refusal: refusal("unreadable") };
  if (!form.ok) return form;
  // A rate-limited sender's post is only evidence: its row is kept, its attachment is not.
  if (rate.kind !== "allowed") {
    const signals = {
      spam: "rate_limit",
      acknowledge: false,
      retryAfterSeconds: rate.retryAfterSeconds,
    } as const;
    return { ok: true, signals, keepFiles: false };
  }

  const spent: Spent[] = [];
  const giveBack = async () => {
    for (const use of spent) await use.giveBack();
  };
  let spam = assessFormFields(form.fields, at);
  if (!spam) {
    // A token already spent on an enquiry is a copy of a form, not a person filling one in.
    const token = await spendFormToken(form.fields);
    if (token) spent.push(token);
    if (token?.again) spam = "no_form_token";
  }
  let acknowledge = false;
  if (!spam) {
    const acknowledgement = await spendAcknowledgement(form.value.email, at);
    spent.push(acknowledgement);
    acknowledge = !acknowledgement.again;
  }
  // Honeypot and fill-time spam keep their file: if staff find a person in Spam, nothing of what
  // they sent is missing.
  return { ok: true, signals: { spam, acknowledge }, keepFiles: true, giveBack };
}

/** The enquiry forms' screen: the rate counted on arrival, then judgeEnquiry. */
export const enquiryScreen: Screen<EnquiryValue, EnquiryScreening, EnquiryArrival> = {
  async arrive(actor: Actor, at: Date) {
    const rate = await checkEnquiryRate(actor.origin.ip ?? "unknown", at);
    return { rate, unread: rate.kind === "flood" };
  },
  judge: judgeEnquiry,
};
