// The one way a form post comes in, public or staff: read → judge → command.
//
//   export async function action(args: Route.ActionArgs) {
//     const form = await readForm(args, { access: "admin", schema: caseStudyActionSchema });
//     if (!form.ok) return form.response;              // 401/403 thrown, 4xx with the messages
//     const done = await form.run(saveCaseStudy, form.value, "Failed to save case study");
//     if (!done.ok) return done.response;
//     return redirectWithToast(backToList(args.request), { type: "success", title: "…" });
//   }
//
// 1. Access is checked before the body is read; a public form's screen counts the post as it
//    arrives (a flood is refused unread).
// 2. READ (http/form-body): the body, urlencoded or multipart, within the route's caps; each file
//    into the request's QUARANTINE (http/quarantine), checked by its bytes, not yet in storage.
//    A back-office form's image fills its URL field with the address the file will have.
// 3. JUDGE (http/judge): form shape, schema, NUL characters, files and the screen's signals, in
//    one place. A refusal answers 4xx (or the form's own `answer`) and writes nothing.
// 4. COMMAND: `run` carries out a module's command through the runner once per submission; the
//    files the verdict keeps are copied from quarantine into storage by the runner before its
//    transaction and removed again if it does not commit. An InputError becomes a 400 with its
//    message, anything else is logged and answered 500 with a plain apology.
//
// The quarantine is emptied when `run` ends, when the post is refused, and at the latest when the
// response closes (the client gone too).
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { ActionError } from "~/lib/action-error";
import { STAFF_ROLES } from "~/lib/vocabulary";
import { type AuditOrigin, auditOriginOf } from "../audit/audit.server";
import { ADMIN_ROLES, forbidden, requireCustomer, requireRole } from "../auth/guards.server";
import { type Access, type Actor, accountActor, staffActor, visitorActor } from "../commands/actor";
import { type Command, mayRun, runCommand } from "../commands/runner.server";
import { logger } from "../logger.server";
import { clientIpContext, receivedAtContext } from "../security/request-context";
import {
  type BodyLimits,
  bodyLimitsFor,
  type FileRule,
  type FormBody,
  type HeldFile,
  readBody,
} from "./form-body.server";
import { IMAGE_UPLOAD_ERRORS, type ImageOptions, imageRule } from "./image-upload.server";
import { InputError, SERVER_FAILURE_MESSAGE } from "./input-error";
import { type ActionFailure, actionFailure, unreadableForm } from "./intents";
import { judgePost, type Refusal, refusal, type Screen } from "./judge.server";
import { keepFile } from "./keep-file.server";
import { oncePerSubmission } from "./once-per-submission.server";
import { openQuarantine } from "./quarantine.server";

export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** A value the Express layer put in the request's context; `otherwise` when there is none. */
function fromContext<T>(read: () => T, otherwise: T) {
  try {
    return read() ?? otherwise;
  } catch {
    return otherwise;
  }
}

/** When the request arrived (the Express layer sets it), else now. */
export function receivedAt({ context }: { context: Readonly<RouterContextProvider> }) {
  return fromContext(() => context.get(receivedAtContext), null) ?? new Date();
}

/**
 * Who is asking: for staff access, the signed-in staff member with the role (401 to the sign-in
 * page, 403 for a signed-in user without it); for "account", the signed-in customer (staff are
 * sent to the back office); for "anyone" and "customer", a visitor.
 */
export async function requireActor(args: RequestArgs, access: Access): Promise<Actor> {
  const clientIp = fromContext(() => args.context.get(clientIpContext), undefined);
  const origin = auditOriginOf(args.request, clientIp);
  if (access === "anyone" || access === "customer") return visitorActor(origin);
  if (access === "account") return accountActor(await requireCustomer(args.request), origin);
  const roles = access === "admin" ? ADMIN_ROLES : access === "staff" ? STAFF_ROLES : access;
  const user = await requireRole(args.request, roles);
  return staffActor(user, origin);
}

function isDataResponse(value: unknown) {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

const UNREADABLE_TITLE = "The form could not be read";

/**
 * The back office's answer to a refused post: Conform's reply for the form and, where there is
 * one, the error for the toast (http/intents); an InputError the command threw is the person's to
 * fix (400, its message), anything else ours (500, a plain apology, the form kept).
 */
export function staffAnswer(
  refused: Refusal & { title?: string },
  options: { hideFields?: string[]; urlField?: string } = {},
) {
  const { submission } = refused;
  const reply = { hideFields: options.hideFields };
  switch (refused.reason) {
    case "method":
    case "not_a_form":
    case "unreadable":
      return unreadableForm(refused.reason === "method" ? 405 : 400);
    case "too_large": {
      const error: ActionError = { title: UNREADABLE_TITLE, description: refused.formErrors?.[0] };
      return actionFailure(submission, error, { ...reply, status: 413 });
    }
    case "file": {
      const error =
        refused.file?.problem === "too_large" ? IMAGE_UPLOAD_ERRORS.tooLarge : IMAGE_UPLOAD_ERRORS.notImage;
      const fieldErrors = { [options.urlField ?? "imageUrl"]: [error.description] };
      return actionFailure(submission, error, { ...reply, fieldErrors });
    }
    case "failed": {
      const title = refused.title ?? "Failed to save";
      const error = refused.error;
      if (error instanceof InputError)
        return actionFailure(
          submission,
          { title, description: error.message },
          { ...reply, fieldErrors: error.field ? { [error.field]: [error.message] } : undefined },
        );
      return actionFailure(
        submission,
        { title, description: SERVER_FAILURE_MESSAGE },
        { ...reply, status: 500 },
      );
    }
    case "screened":
      return data<ActionFailure>(
        { result: submission.reply({ ...reply, formErrors: refused.formErrors }) },
        {
          status: 429,
          headers: refused.retryAfterSeconds
            ? { "Retry-After": String(refused.retryAfterSeconds) }
            : undefined,
        },
      );
    default:
      return data<ActionFailure>(
        {
          result: submission.reply({
            ...reply,
            fieldErrors: refused.fieldErrors,
            formErrors: refused.formErrors,
          }),
        },
        { status: 400 },
      );
  }
}

type FormOptions<Schema extends z.ZodType, Signals, Arrival extends { unread: boolean }> = {
  /** Who may post it at all, checked before the body is read; each command checks its own too. */
  access: Access;
  /**
   * Who runs the command when the access alone cannot say, for a form anyone may post: the
   * customer a quote's link names, made from the quote and the request's origin.
   */
  actor?: (origin: AuditOrigin) => Actor;
  schema: Schema;
  /**
   * Where a back-office form's image (a file or a URL) goes; a staff form takes one by default
   * (imageFile → imageUrl, in media). Kept only when the judged value names its address.
   */
  image?: ImageOptions;
  /** The files a form takes instead (an enquiry's attachment): kept when the verdict says so. */
  files?: readonly FileRule[];
  /** Caps beyond the route's body limit (http/body-limit). */
  limits?: Partial<BodyLimits>;
  /** Fields never sent back to the browser in a refusal (a password). */
  hideFields?: string[];
  /**
   * Intents that need more than `access` (deleting, where others may only change): checked as
   * soon as the form is read, before it is judged, and refused with 403.
   */
  intentAccess?: Readonly<Record<string, Access>>;
  /** A public form's spam rules (a module's): counted on arrival, judged with the form. */
  screen?: Screen<z.output<Schema>, Signals, Arrival>;
  /**
   * Whether the form posts Conform's own fields (`__intent__`: list buttons, validation); a form
   * that does not has them dropped unread, so a post cannot steer the parser.
   */
  conformIntents?: boolean;
  /** How a refusal (or a failed command) is answered; the back office's answer by default. */
  answer?: (refused: Refusal & { title?: string }) => unknown;
};

export type CommandRun<Result, Failure = ReturnType<typeof staffAnswer>> =
  | { ok: true; result: Result | undefined }
  | { ok: false; response: Failure };

function isStaffAccess(access: Access) {
  return access !== "anyone" && access !== "customer" && access !== "account";
}

/** Whether `value` (a judged form's, however nested) holds `text` as one of its strings. */
function carries(value: unknown, text: string, depth = 0): boolean {
  if (value === text) return true;
  if (depth > 8 || typeof value !== "object" || value === null) return false;
  return Object.values(value).some((inner) => carries(inner, text, depth + 1));
}

type AnswerOption<Answer> = { answer?: (refused: Refusal & { title?: string }) => Answer };

/**
 * Steps 1 to 3 (see the top): the post read and judged. Taken, its kept files wait in quarantine
 * until `quarantine.release()` (readForm's `run` does it); refused, nothing is left.
 */
export async function takeForm<
  Schema extends z.ZodType,
  Signals = undefined,
  Arrival extends { unread: boolean } = { unread: boolean },
  Answer = ReturnType<typeof staffAnswer>,
>(args: RequestArgs, options: FormOptions<Schema, Signals, Arrival> & AnswerOption<Answer>) {
  const asked = await requireActor(args, options.access);
  const actor = options.actor && asked.kind === "visitor" ? options.actor(asked.origin) : asked;
  const { request } = args;
  const at = receivedAt(args);
  const image = !options.files && isStaffAccess(options.access) ? imageRule(options.image) : null;
  const rules = options.files ?? (image ? [image] : []);
  const limits: BodyLimits = { ...bodyLimitsFor(request), ...options.limits };
  const replyOptions = { hideFields: options.hideFields, urlField: image?.urlField };
  const answer = (refused: Refusal & { title?: string }) =>
    (options.answer ? options.answer(refused) : staffAnswer(refused, replyOptions)) as Answer;
  const refuse = (refused: Refusal) => ({ ok: false as const, response: answer(refused) });

  if (request.method !== "POST") return refuse(refusal("method"));
  const quarantine = openQuarantine(request.signal);
  let taken = false;
  try {
    let arrival: Arrival | undefined;
    if (options.screen) {
      try {
        arrival = await options.screen.arrive(actor, at);
      } catch (error) {
        logger.error({ err: error }, "Failed to count a post against its limit");
        await request.body?.cancel().catch(() => {});
        return refuse(refusal("failed", { error }));
      }
    }
    let body: FormBody | null = null;
    if (arrival?.unread) {
      logger.warn({ ip: actor.origin.ip }, "post refused unread");
      await request.body?.cancel().catch(() => {});
    } else {
      body = await readBody(request, { files: rules, limits, quarantine });
      if (body.problem?.kind === "failed")
        logger.error({ err: body.problem.error }, "Failed to hold an upload");
      if (options.conformIntents === false) {
        body.fields.delete("__intent__");
        body.fields.delete("__state__");
      }
      const held = image ? body.files.get(image.field) : undefined;
      if (image && held?.url) body.fields.set(image.urlField, held.url);
      const intent = String(body.fields.get("intent") ?? "");
      // Own keys only: a posted "constructor" names no intent.
      const intentAccess =
        options.intentAccess && Object.hasOwn(options.intentAccess, intent)
          ? options.intentAccess[intent]
          : undefined;
      if (intentAccess && !mayRun(actor, intentAccess))
        throw forbidden("You don't have permission to do that.");
    }

    const verdict = await judgePost({
      body,
      schema: options.schema,
      limits,
      screen: options.screen,
      arrival,
      actor,
      at,
    });
    if (!verdict.ok) return refuse(verdict.refusal);

    // The files the verdict keeps: all of them, but a back-office image only when the judged
    // value carries its address (a delete posted with a file keeps none).
    const value = verdict.value as z.output<Schema>;
    const kept = new Map<string, HeldFile>();
    for (const [field, file] of verdict.keepFiles && body ? body.files : []) {
      if (image && !(file.url && carries(value, file.url))) continue;
      kept.set(field, file);
    }
    const heldImage = image ? kept.get(image.field) : undefined;
    taken = true;
    return {
      ok: true as const,
      value,
      submission: verdict.submission,
      actor,
      /** The posted fields as read (a submission id among them). */
      fields: body?.fields ?? new FormData(),
      /** The back-office image the command keeps: the address it has once stored. */
      upload: heldImage?.url ? { url: heldImage.url, path: heldImage.path } : null,
      /** Every file the command keeps, by input name, with the stored path it will have. */
      files: kept as ReadonlyMap<string, HeldFile>,
      /** What the screen found (a public form's spam signals). */
      screening: verdict.signals as Signals,
      receivedAt: at,
      giveBack: verdict.giveBack,
      quarantine,
      answer,
    };
  } finally {
    // A refusal (or a throw) keeps nothing; a taken form's files wait for the command.
    if (!taken) await quarantine.release();
  }
}

/** A form post: access checked, form read and judged, ready to run a command (see the top). */
export async function readForm<
  Schema extends z.ZodType,
  Signals = undefined,
  Arrival extends { unread: boolean } = { unread: boolean },
  Answer = ReturnType<typeof staffAnswer>,
>(args: RequestArgs, options: FormOptions<Schema, Signals, Arrival> & AnswerOption<Answer>) {
  const form = await takeForm(args, options);
  if (!form.ok) return form;
  const { quarantine, answer, giveBack, fields, submission, actor, files: kept } = form;

  /**
   * Runs `command` with `input` once per submission: a repeat of a submission already carried
   * out writes nothing (its result is undefined) and keeps no second upload.
   */
  async function run<Input, Result, Prepared>(
    command: Command<Input, Result, Prepared>,
    input: Input,
    failureTitle: string,
  ): Promise<CommandRun<Result, Answer>> {
    try {
      let result: Result | undefined;
      const files = [...kept.values()].map(keepFile);
      await quarantine.hold(() =>
        oncePerSubmission(fields, async () => {
          result = await runCommand(command, actor, input, { files });
        }),
      );
      return { ok: true, result };
    } catch (error) {
      await giveBack?.().catch((giveBackError: unknown) => {
        logger.error({ err: giveBackError }, "Giving back what a failed post had counted failed");
      });
      // An answer the command threw on purpose (a 404 for a record that is gone) stays the answer.
      if (error instanceof Response || isDataResponse(error)) throw error;
      if (!(error instanceof InputError)) logger.error({ err: error, command: command.name }, failureTitle);
      return {
        ok: false,
        response: answer({ ...refusal("failed", { submission, error }), title: failureTitle }),
      };
    } finally {
      await quarantine.release();
    }
  }

  return {
    ok: true as const,
    value: form.value,
    submission,
    actor,
    upload: form.upload,
    files: form.files,
    screening: form.screening,
    receivedAt: form.receivedAt,
    run,
  };
}
