// The one judgement of a posted form, between reading it (http/form-body) and running its command:
// everything that refuses a post or marks it is decided here, once, in this order:
//
// 1. the body: not a form, unreadable, too many fields, too much text, our disk failing;
// 2. the form against its schema: its shape (http/form-shape), its fields, no NUL character, no
//    value cut at its field's byte cap that the schema would not have refused anyway;
// 3. its files: too large, not a type the input takes, a PDF with scripts;
// 4. a public form's screen (a module's spam rules): what it counted as the post arrived (a rate
//    limit) and the signals in the form (a honeypot, the fill time, a replayed form token), in one
//    function of the module's that sees all of the above and returns its verdict.
//
//   const verdict = await judgePost({ body, schema, screen, arrival, actor, at });
//   if (!verdict.ok) return answer(verdict.refusal);    // 4xx with the messages, nothing written
//   verdict.value, verdict.signals, verdict.keepFiles    // what the command is run with
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Actor } from "../commands/actor";
import { bodyTooLargeMessage } from "./body-limit.server";
import type { BodyLimits, FileProblem, FormBody } from "./form-body.server";
import { TOO_MANY_FIELDS } from "./form-shape";
import { judgeSubmission, refusedSubmission } from "./intents";

export type AnySubmission = Submission<unknown, string[], unknown>;

/** Why a post is refused. */
export type RefusalReason =
  /** Not a POST. */
  | "method"
  /** Not a form body (JSON, no content type). */
  | "not_a_form"
  | "unreadable"
  | "too_many_fields"
  /** More text than the form takes, or a value longer than its field could ever be. */
  | "too_large"
  /** A file broke its input's rule: see `file`. */
  | "file"
  /** The schema's rules, or a NUL character. */
  | "invalid"
  /** The screen refused the sender (a rate limit): see `retryAfterSeconds`. */
  | "screened"
  /** Ours: storage, the database, the disk. */
  | "failed";

export type Refusal = {
  reason: RefusalReason;
  /** The form as read, for the reply that shows it again with its messages (empty if unread). */
  submission: AnySubmission;
  file?: { field: string; problem: FileProblem };
  /** Messages beyond the schema's own. */
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  retryAfterSeconds?: number;
  /** With "failed": what failed. */
  error?: unknown;
};

/** What is known of a post when a screen judges it. */
export type Evidence<Value, Arrival> = {
  /** What the screen counted as the post arrived. */
  arrival: Arrival;
  /**
   * null: the body was not read (the arrival said so); otherwise the form's own judgement: the
   * refusal it earned by itself, or its value and fields.
   */
  form: null | { ok: false; refusal: Refusal } | { ok: true; value: Value; fields: FormData };
  actor: Actor;
  at: Date;
};

/**
 * A screen's verdict: refused (the form's own refusal, or one of the screen's), or taken with
 * the screen's signals, whether its files are kept, and what to give back (a counted use) if
 * the command then fails.
 */
export type ScreenVerdict<Signals> =
  | { ok: true; signals: Signals; keepFiles: boolean; giveBack?: () => Promise<void> }
  | { ok: false; refusal: Refusal };

/** A public form's spam rules, as its module defines them. */
export type Screen<Value, Signals, Arrival extends { unread: boolean }> = {
  /** Counts the post as it arrives, before its body is read; `unread` refuses it unread. */
  arrive(actor: Actor, at: Date): Promise<Arrival>;
  /** The one verdict on everything known of the post (called exactly once per post). */
  judge(evidence: Evidence<Value, Arrival>): Promise<ScreenVerdict<Signals>>;
};

export type Verdict<Value, Signals> =
  | {
      ok: true;
      value: Value;
      submission: AnySubmission;
      signals: Signals | undefined;
      keepFiles: boolean;
      giveBack?: () => Promise<void>;
    }
  | { ok: false; refusal: Refusal };

/** A submission of nothing: the reply to a post that was never read. */
export function emptySubmission(): AnySubmission {
  return parseWithZod(new FormData(), { schema: z.object({}) }) as unknown as AnySubmission;
}

export function refusal(reason: RefusalReason, extra: Partial<Refusal> = {}): Refusal {
  return { reason, ...extra, submission: extra.submission ?? emptySubmission() };
}

/** The refusal of a body problem that leaves nothing to judge further, or null. */
function bodyRefusal(body: FormBody, limits: BodyLimits): Refusal | null {
  const problem = body.problem;
  if (!problem || problem.kind === "file") return null;
  if (problem.kind === "too_many_fields")
    return refusal("too_many_fields", { submission: refusedSubmission(TOO_MANY_FIELDS) });
  if (problem.kind === "too_large")
    return refusal("too_large", { formErrors: [bodyTooLargeMessage(limits.maxTextBytes)] });
  if (problem.kind === "failed") return refusal("failed", { error: problem.error });
  return refusal(problem.kind);
}

/** The form's own judgement: its body, its schema, its files (steps 1 to 3 above). */
function judgeForm<Schema extends z.ZodType>(
  body: FormBody,
  schema: Schema,
  limits: BodyLimits,
): { ok: false; refusal: Refusal } | { ok: true; value: z.output<Schema>; submission: AnySubmission } {
  const early = bodyRefusal(body, limits);
  if (early) return { ok: false, refusal: early };
  const judged = judgeSubmission(body.fields, schema);
  const submission = judged.submission as AnySubmission;
  // A value cut at its field's cap is one the schema must refuse by its own rules (too long); a
  // field the schema does not limit was simply sent too large.
  const errors = submission.status === "success" ? {} : (submission.error ?? {});
  for (const name of body.cut) {
    if (!errors[name]?.length)
      return {
        ok: false,
        refusal: refusal("too_large", {
          submission,
          formErrors: [bodyTooLargeMessage(limits.maxFieldBytes)],
        }),
      };
  }
  if (body.problem?.kind === "file") {
    const { field, problem } = body.problem;
    return { ok: false, refusal: refusal("file", { submission, file: { field, problem } }) };
  }
  if (!judged.ok) {
    const { fieldErrors, formErrors } = judged;
    return { ok: false, refusal: refusal("invalid", { submission, fieldErrors, formErrors }) };
  }
  return { ok: true, value: judged.value, submission };
}

/**
 * The verdict on a post (see the top of this file). `body` null: the screen's arrival refused it
 * unread.
 */
export async function judgePost<
  Schema extends z.ZodType,
  Signals,
  Arrival extends { unread: boolean },
>(post: {
  body: FormBody | null;
  schema: Schema;
  limits: BodyLimits;
  screen?: Screen<z.output<Schema>, Signals, Arrival>;
  arrival?: Arrival;
  actor: Actor;
  at: Date;
}): Promise<Verdict<z.output<Schema>, Signals>> {
  const { body, screen, arrival, actor, at } = post;
  if (!body) {
    if (!screen || !arrival) return { ok: false, refusal: refusal("unreadable") };
    const verdict = await screen.judge({ arrival, form: null, actor, at });
    // A body nobody read cannot be taken.
    return verdict.ok ? { ok: false, refusal: refusal("unreadable") } : verdict;
  }
  const form = judgeForm(body, post.schema, post.limits);
  if (!screen || !arrival) {
    if (!form.ok) return form;
    return { ok: true, value: form.value, submission: form.submission, signals: undefined, keepFiles: true };
  }
  // A refusal of the body itself stands whatever the screen would say; a form refused only for
  // its fields or its file is the screen's to judge too (a sender over the limit hears that).
  if (!form.ok && form.refusal.reason !== "file" && form.refusal.reason !== "invalid") return form;
  const verdict = await screen.judge({
    arrival,
    form: form.ok ? { ok: true, value: form.value, fields: body.fields } : form,
    actor,
    at,
  });
  if (!verdict.ok) return verdict;
  if (!form.ok) return form;
  return { ...verdict, value: form.value, submission: form.submission };
}
