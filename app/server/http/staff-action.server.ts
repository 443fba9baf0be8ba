// The one way a staff member changes data. Every back-office action goes through it:
//
//   export async function action(args: Route.ActionArgs) {
//     const form = await readStaffForm(args, { role: "admin", schema: caseStudyActionSchema });
//     if (!form.ok) return form.response;            // 401/403 thrown, 400 with the messages
//     const failed = await form.commit(
//       { entity: "case_study", action: form.value.intent, id: "id" in form.value ? form.value.id : null },
//       () => perform(form.value),
//       "Failed to save case study",
//     );
//     return failed ?? redirectWithToast(backToList(args.request), { type: "success", title: "…" });
//   }
//
// readStaffForm checks the role before the body is read, reads the form (an image upload too),
// and validates it with the form's zod schema: a refusal answers 400 and writes nothing.
// commit() runs the write once per submission, in one transaction that also holds the audit
// event (the record's fields before and after, read from its row), and after the commit tells
// the page cache when the record is one the public pages show. An InputError becomes a 400 with
// its message; anything else is logged and answered 500 with a plain apology.
import type { Submission } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { AuditAction, AuditEntity, Role } from "~/lib/vocabulary";
import { STAFF_ROLES } from "~/lib/vocabulary";
import {
  type AuditActor,
  type AuditEventInput,
  type AuditOrigin,
  auditNoun,
  auditOriginOf,
  changesBetween,
  isShownInPublic,
  isWordedInLog,
  labelOf,
  readRecords,
  recordAuditEvent,
  recordAuditEventSafely,
} from "../audit/audit.server";
import { ADMIN_ROLES, requireRole, type SessionUser } from "../auth/guards.server";
import { announceContentChange } from "../cache/invalidation.server";
import { afterCommit, inTransaction } from "../db/db.server";
import type { AuditChanges } from "../db/schema";
import { logger } from "../logger.server";
import { clientIpContext } from "../security/request-context";
import type { ImageOptions } from "./image-upload.server";
import { InputError, SERVER_FAILURE_MESSAGE } from "./input-error";
import { takeForm } from "./intake.server";
import { actionFailure } from "./intents";
import { keepFile } from "./keep-file.server";
import { oncePerSubmission } from "./once-per-submission.server";

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The signed-in staff member behind a write, and where the request came from. */
export type Staff = { user: SessionUser; actor: AuditActor; origin: AuditOrigin };

/** The staff member of a request whose role was already checked (a loader's export, a download). */
export function staffOf(user: SessionUser, { request, context }: RequestArgs): Staff {
  let clientIp: string | undefined;
  try {
    clientIp = context.get(clientIpContext);
  } catch {
    clientIp = undefined;
  }
  return {
    user,
    actor: { id: user.id, name: user.name, email: user.email, role: user.role },
    origin: auditOriginOf(request, clientIp),
  };
}

/**
 * An audited act that changes nothing (an export, a download): recorded on its own; a failure to
 * record it is logged, not the staff member's problem.
 */
export function recordStaffEvent(staff: Staff, event: AuditEventInput) {
  return recordAuditEventSafely(staff.actor, staff.origin, event);
}

/**
 * "admin" for admins only; "staff" for admins and sales; or the roles a setting allows now (who
 * may quote).
 */
export type StaffRole = "admin" | "staff" | readonly Role[];

function rolesOf(role: StaffRole): readonly Role[] {
  if (role === "admin") return ADMIN_ROLES;
  if (role === "staff") return STAFF_ROLES;
  return role;
}

/** Checks the role (401 to the sign-in page, 403 for a signed-in user without it). */
export async function requireStaffRole(args: RequestArgs, role: StaffRole): Promise<Staff> {
  const user = await requireRole(args.request, rolesOf(role));
  return staffOf(user, args);
}

/** What the audit event of a write says: which record(s), and what was done to them. */
export type AuditTarget = {
  entity: AuditEntity;
  action: AuditAction;
  /**
   * The record or records written. Known before an update or a delete; null for a create,
   * whose record is then the `{ id }` the write returns.
   */
  id?: string | readonly string[] | null;
  /** Said instead of the summary made from the record's label and changed fields. */
  summary?: string;
  /** Changes the record's row cannot show (a new password, which is never stored). */
  changes?: AuditChanges;
  /** What only the write knows, asked for after it ran (in its transaction). */
  detail?: () => AuditDetail | undefined;
};

/**
 * What a write tells its audit event beyond the record's row: what the record is called when its
 * row does not say (a quote by its number: "quote TC-2026-000123-A"), and changes kept elsewhere
 * (a quote's lines), each with its words for the summary ("Line 2: quantity 3 → 5").
 */
export type AuditDetail = { subject?: string; changes?: AuditChanges; phrases?: readonly string[] };

const VERB: Record<AuditAction, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  publish: "Published",
  unpublish: "Unpublished",
  role: "Changed the role of",
  activate: "Activated",
  deactivate: "Deactivated",
  password_reset: "Reset the password of",
  export: "Exported",
  download: "Downloaded",
  retry: "Retried",
  sign_in: "Signed in",
  sign_in_failed: "Failed to sign in",
  sign_out: "Signed out",
  send: "Sent",
  withdraw: "Withdrew",
};

/** An update is filed under what it did when that is one of the changes worth finding alone. */
function actionFor(action: AuditAction, changes: AuditChanges): AuditAction {
  if (action !== "update") return action;
  if (changes.role) return "role";
  if (changes.isActive) return changes.isActive.after ? "activate" : "deactivate";
  if (changes.password) return "password_reset";
  if (changes.isPublished) return changes.isPublished.after ? "publish" : "unpublish";
  return action;
}

function fieldName(key: string) {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** The longest value a summary repeats; a longer one (a note, the terms) is only named. */
const SUMMARY_VALUE_MAX = 40;

function valueInSummary(value: unknown) {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}

/** "Valid until 1 December 2026 → 26 December 2026", or "Note to the customer" for long text. */
function fieldInWords(name: string, { before, after }: AuditChanges[string]) {
  const was = valueInSummary(before);
  const now = valueInSummary(after);
  if (was === null || now === null || was.length > SUMMARY_VALUE_MAX || now.length > SUMMARY_VALUE_MAX)
    return name;
  return `${name} ${was} → ${now}`;
}

function summaryOf(
  entity: AuditEntity,
  action: AuditAction,
  label: string | null,
  changes: AuditChanges,
  detail: AuditDetail,
) {
  const subject = detail.subject ?? `${auditNoun(entity)}${label ? ` "${label}"` : ""}`;
  const head = `${VERB[action]} ${subject}`;
  if (action === "role" && changes.role)
    return `${head} from ${changes.role.before} to ${changes.role.after}`;
  const phrases = [...(detail.phrases ?? [])];
  const fields = Object.keys(changes);
  if (action === "update" && isWordedInLog(entity))
    phrases.push(...fields.map((name) => fieldInWords(name, changes[name] as AuditChanges[string])));
  else if (action === "update" && fields.length > 0) return `${head}: ${fields.map(fieldName).join(", ")}`;
  return phrases.length > 0 ? `${head}: ${phrases.join("; ")}` : head;
}

function createdId(result: unknown): string | null {
  if (result && typeof result === "object" && "id" in result) {
    const id = (result as { id: unknown }).id;
    if (typeof id === "string" || typeof id === "number") return String(id);
  }
  return null;
}

/**
 * Runs a staff member's write in one transaction with its audit event(s): one per record
 * written. A write that throws leaves neither the change nor an event. After the commit (of the
 * outermost transaction, when this one runs inside another), a change to what the public pages
 * show empties the page cache (here and, on PostgreSQL, in every other process), and the effects
 * the write queued with afterCommit (a mail worker's wake-up) run; it returns after them.
 */
export async function staffWrite<T>(staff: Staff, target: AuditTarget, write: () => Promise<T>): Promise<T> {
  return inTransaction(async () => {
    const known = target.id == null ? [] : typeof target.id === "string" ? [target.id] : [...target.id];
    const before = await readRecords(target.entity, known);
    const result = await write();
    const created = known.length === 0 ? createdId(result) : null;
    const ids: (string | null)[] = created ? [created] : known.length > 0 ? known : [null];
    const after = await readRecords(
      target.entity,
      ids.filter((id): id is string => id !== null),
    );
    for (const id of ids) {
      const was = id ? before.get(id) : undefined;
      const now = id ? after.get(id) : undefined;
      const changes = { ...changesBetween(was, now, target.entity), ...target.changes };
      // Of several records (a bulk change), only those the write changed have an event.
      if (ids.length > 1 && target.action === "update" && Object.keys(changes).length === 0) continue;
      const action = actionFor(target.action, changes);
      const detail = target.detail?.() ?? {};
      await recordAuditEvent(staff.actor, staff.origin, {
        action,
        entityType: target.entity,
        entityId: id,
        summary:
          target.summary ??
          summaryOf(target.entity, action, labelOf(target.entity, now ?? was), changes, detail),
        // A created record's every field is in its row; the event keeps what was set.
        changes: { ...changes, ...detail.changes },
      });
    }
    // Told once the outermost transaction has committed (a staffWrite inside another write waits
    // for that one), never for a write that rolled back.
    if (isShownInPublic(target.entity)) void afterCommit(() => announceContentChange());
    return result;
  });
}

/**
 * The answer to a write that threw: an InputError is the staff member's to fix (400, its
 * message); anything else is logged and answered 500 with a plain apology, the form kept.
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

type StaffFormOptions<Schema extends z.ZodType> = {
  role: StaffRole;
  schema: Schema;
  /** Where the form's image (a file or a URL) goes; a form without one needs nothing here. */
  image?: ImageOptions;
  /** Fields never sent back to the browser in a refusal (a password). */
  hideFields?: string[];
  /**
   * Intents that need more than `role` (deleting, where others may only change): checked as
   * soon as the intent is read, before the rest of the form, and refused with 403.
   */
  intentRoles?: Readonly<Record<string, StaffRole>>;
};

/**
 * A staff action's post: role checked, form read and validated. `commit` carries out the write
 * through staffWrite, once per submission; when it fails, a stored image is dropped again and
 * the failure is the answer (null when the write was done).
 */
export async function readStaffForm<Schema extends z.ZodType>(
  args: RequestArgs,
  options: StaffFormOptions<Schema>,
) {
  // Read and judged by the one intake (http/intake): an image waits in quarantine until the write.
  const form = await takeForm(args, {
    access: options.role,
    schema: options.schema,
    image: options.image,
    hideFields: options.hideFields,
    intentAccess: options.intentRoles,
  });
  if (!form.ok) return form;
  const taken = form;
  const staff = form.actor as Staff;
  const replyOptions = { hideFields: options.hideFields };
  async function commit(target: AuditTarget, write: () => Promise<unknown>, failureTitle: string) {
    const files = [...taken.files.values()].map(keepFile);
    const stored: typeof files = [];
    try {
      // A repeat of a submission already carried out writes nothing and keeps no second image.
      await taken.quarantine.hold(() =>
        oncePerSubmission(taken.fields, async () => {
          for (const file of files) {
            await file.store();
            stored.push(file);
          }
          await staffWrite(staff, target, write);
        }),
      );
      return null;
    } catch (error) {
      await Promise.all(stored.map((file) => file.remove().catch(() => {})));
      // An answer the write threw on purpose (a 404 for a record that is gone) stays the answer.
      if (error instanceof Response || isDataResponse(error)) throw error;
      return writeFailure(taken.submission, error, failureTitle, replyOptions);
    } finally {
      await taken.quarantine.release();
    }
  }
  return { ok: true as const, value: form.value, submission: form.submission, staff, commit };
}

/**
 * The audit target of a form whose intent names what it does to one record: "create…",
 * "delete…", anything else an update (a toggle, a save), with the record's `id` when it has one.
 */
export function auditTargetOf(entity: AuditEntity, value: { intent: string; id?: unknown }): AuditTarget {
  const action: AuditAction = value.intent.startsWith("create")
    ? "create"
    : value.intent.startsWith("delete")
      ? "delete"
      : "update";
  return { entity, action, id: typeof value.id === "string" ? value.id : null };
}
