// The one way a form post comes in: read → judge → command.
//
//   export async function action(args: Route.ActionArgs) {
//     const form = await readForm(args, { access: "admin", schema: caseStudyActionSchema });
//     if (!form.ok) return form.response;              // 401/403 thrown, 400 with the messages
//     const done = await form.run(saveCaseStudy, form.value, "Failed to save case study");
//     if (!done.ok) return done.response;
//     return redirectWithToast(backToList(args.request), { type: "success", title: "…" });
//   }
//
// readForm checks the access before the body is read, reads the form (an upload with it), and
// judges it with the form's zod schema: a refusal answers 400 and writes nothing. `run` carries out
// a module's command through the runner once per submission; an InputError becomes a 400 with
// its message, anything else is logged and answered 500 with a plain apology.
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { STAFF_ROLES } from "~/lib/vocabulary";
import { type AuditOrigin, auditOriginOf } from "../audit/audit.server";
import { ADMIN_ROLES, forbidden, requireRole } from "../auth/guards.server";
import { type Access, type Actor, staffActor, visitorActor } from "../commands/actor";
import { type Command, mayRun, runCommand } from "../commands/runner.server";
import { logger } from "../logger.server";
import { clientIpContext } from "../security/request-context";
import { readImageForm } from "./image-upload.server";
import { InputError, SERVER_FAILURE_MESSAGE } from "./input-error";
import { actionFailure, isFormBody, parseIntent, readFormData, unreadableForm } from "./intents";
import { oncePerSubmission } from "./once-per-submission.server";

export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

function clientIpOf(context: Readonly<RouterContextProvider>) {
  try {
    return context.get(clientIpContext);
  } catch {
    return undefined;
  }
}

/**
 * Who is asking: for staff access, the signed-in staff member with the role (401 to the sign-in
 * page, 403 for a signed-in user without it); for "anyone" and "customer", a visitor.
 */
export async function requireActor(args: RequestArgs, access: Access): Promise<Actor> {
  const origin = auditOriginOf(args.request, clientIpOf(args.context));
  if (access === "anyone" || access === "customer") return visitorActor(origin);
  const roles = access === "admin" ? ADMIN_ROLES : access === "staff" ? STAFF_ROLES : access;
  const user = await requireRole(args.request, roles);
  return staffActor(user, origin);
}

/**
 * The answer to a command that threw: an InputError is the person's to fix (400, its message);
 * anything else is logged and answered 500 with a plain apology, the form kept.
 */
export function writeFailure(
  submission: Submission<unknown, string[], unknown>,
  error: unknown,
  title: string,
  options: { hideFields?: string[] } = {},
) {
  if (error instanceof InputError)
    return actionFailure(
      submission,
      { title, description: error.message },
      { ...options, fieldErrors: error.field ? { [error.field]: [error.message] } : undefined },
    );
  logger.error({ err: error }, title);
  return actionFailure(
    submission,
    { title, description: SERVER_FAILURE_MESSAGE },
    { ...options, status: 500 },
  );
}

function isDataResponse(value: unknown) {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

type ImageOptions = NonNullable<Parameters<typeof readImageForm>[1]>;

type FormOptions<Schema extends z.ZodType> = {
  /** Who may post it at all, checked before the body is read; each command checks its own too. */
  access: Access;
  /**
   * Who runs the command when the access alone cannot say, for a form anyone may post: the
   * customer a quote's link names, made from the quote and the request's origin.
   */
  actor?: (origin: AuditOrigin) => Actor;
  schema: Schema;
  /**
   * Where the form's image (a file or a URL) goes; a staff form without one needs nothing here.
   * A form anyone may post (access "anyone" or "customer") stores no file unless it says where.
   */
  image?: ImageOptions;
  /** Fields never sent back to the browser in a refusal (a password). */
  hideFields?: string[];
  /**
   * Intents that need more than `access` (deleting, where others may only change): checked as
   * soon as the intent is read, before the rest of the form, and refused with 403.
   */
  intentAccess?: Readonly<Record<string, Access>>;
};

/** Whether a post's files are stored: a staff form's image, or a public form's that says where. */
function takesFiles(options: Pick<FormOptions<z.ZodType>, "access" | "image">) {
  return options.image !== undefined || (options.access !== "anyone" && options.access !== "customer");
}

/** A form whose files are not kept: its fields, or null when the body cannot be read. */
async function readPlainForm(request: Request) {
  const formData = await readFormData(request);
  return formData ? { ok: true as const, formData, upload: null } : null;
}

export type CommandRun<Result> =
  | { ok: true; result: Result | undefined }
  | { ok: false; response: ReturnType<typeof actionFailure> };

/** A form post: access checked, form read and judged, ready to run a command. */
export async function readForm<Schema extends z.ZodType>(args: RequestArgs, options: FormOptions<Schema>) {
  const asked = await requireActor(args, options.access);
  const actor = options.actor && asked.kind === "visitor" ? options.actor(asked.origin) : asked;
  const { request } = args;
  if (!isFormBody(request)) return { ok: false as const, response: unreadableForm() };
  const replyOptions = { hideFields: options.hideFields };
  const form = takesFiles(options)
    ? await readImageForm(request, { bucket: "media", ...options.image })
    : await readPlainForm(request);
  if (!form) return { ok: false as const, response: unreadableForm() };
  const intent = String(form.formData.get("intent") ?? "");
  // Own keys only: a posted "constructor" names no intent.
  const intentAccess =
    options.intentAccess && Object.hasOwn(options.intentAccess, intent)
      ? options.intentAccess[intent]
      : undefined;
  if (intentAccess && !mayRun(actor, intentAccess)) {
    if (form.ok) await form.upload?.discard();
    throw forbidden("You don't have permission to do that.");
  }
  const parsed = parseIntent(form.formData, options.schema, replyOptions);
  if (!form.ok) {
    const description = form.error.description ?? form.error.title;
    const fieldErrors = { [options.image?.urlField ?? "imageUrl"]: [description] };
    return {
      ok: false as const,
      response: actionFailure(parsed.submission, form.error, { ...replyOptions, fieldErrors }),
    };
  }
  const { formData, upload } = form;
  if (!parsed.ok) {
    await upload?.discard();
    return { ok: false as const, response: parsed.response };
  }
  /**
   * Runs `command` with `input` once per submission: a repeat of a submission already carried
   * out writes nothing (its result is undefined) and keeps no second upload.
   */
  async function run<Input, Result, Prepared>(
    command: Command<Input, Result, Prepared>,
    input: Input,
    failureTitle: string,
  ): Promise<CommandRun<Result>> {
    try {
      let result: Result | undefined;
      const outcome = await oncePerSubmission(formData, async () => {
        result = await runCommand(command, actor, input);
      });
      if (outcome === "repeat") await upload?.discard();
      return { ok: true, result };
    } catch (error) {
      await upload?.discard();
      // An answer the command threw on purpose (a 404 for a record that is gone) stays the answer.
      if (error instanceof Response || isDataResponse(error)) throw error;
      return {
        ok: false,
        response: writeFailure(parsed.submission, error, failureTitle, replyOptions),
      };
    }
  }
  return {
    ok: true as const,
    value: parsed.value as z.output<Schema>,
    submission: parsed.submission,
    actor,
    upload,
    run,
  };
}
