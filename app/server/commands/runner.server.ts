// The one way anything is written. A domain module declares each of its writes as a command
// (modules/<domain>/commands.server.ts): who may run it, the record it is about, slow work to do
// first, and the work itself. Every caller (a staff form, a customer's answer, a public form, an
// import, a script, the first admin at boot, a background job) runs it here:
//
//   export const deleteBrand = defineCommand({
//     name: "brand.delete",
//     entity: brandEntity,
//     access: "admin",
//     target: (input: { id: string }) => ({ action: "delete", id: input.id }),
//     run: (input) => removeBrand(input.id),
//   });
//
//   await runCommand(deleteBrand, actor, { id });
//
// runCommand checks who may, stores the uploads it keeps (`files`) and runs `prepare` (drawing a
// PDF, storing a file: never under a row lock), then opens the one transaction: the record's row
// is read before and after the work, the audit event written (and one for each side write the
// work declares with `also`), and only after the commit come the effects (the page-cache notice,
// waking the mail worker, a job). A command that fails leaves nothing: no row, no event, no
// effect, no stored upload, and `discard` undoes what `prepare` left outside the database.
import type { AuditAction } from "~/lib/vocabulary";
import { STAFF_ROLES } from "~/lib/vocabulary";
import { type AuditEventInput, recordAuditEvents } from "../audit/audit.server";
import { ADMIN_ROLES, forbidden } from "../auth/guards.server";
import { announceContentChange, announceGradualContentChange } from "../cache/invalidation.server";
import { databaseOutageKind } from "../db/client.server";
import { afterCommit, inTransaction } from "../db/db.server";
import type { AuditChanges } from "../db/schema";
import { logger } from "../logger.server";
import type { Access, Actor } from "./actor";
import type { Entity } from "./entity";
import { changesBetween, labelOf, readRecords } from "./records.server";

/** What the audit event of a command says: which record(s), and what was done to them. */
export type AuditTarget<Result = unknown> = {
  action: AuditAction;
  /**
   * The record or records written. Known before an update or a delete; null for a create,
   * whose record is then the `{ id }` the work returns.
   */
  id?: string | readonly string[] | null;
  /** Said instead of the summary made from the record's label and changed fields. */
  summary?: string;
  /** Changes the record's row cannot show (a new password, which is never stored). */
  changes?: AuditChanges;
  /**
   * False for a record whose values are a visitor's own words (an enquiry's e-mail and message):
   * the event says what was done and to which record, and copies none of its fields, which stay
   * under the record's own retention.
   */
  keepValues?: boolean;
  /**
   * What only the work knows, asked for after it ran (in its transaction), with what it returned
   * (the number of the quote a revision opened, a save's line edits).
   */
  detail?: (result: Result) => AuditDetail | undefined;
};

/**
 * What a command tells its audit event beyond the record's row: what the record is called when
 * its row does not say (a quote by its number: "quote TC-2026-000123-A"), and changes kept
 * elsewhere (a quote's lines), each with its words for the summary ("Line 2: quantity 3 → 5").
 */
export type AuditDetail = { subject?: string; changes?: AuditChanges; phrases?: readonly string[] };

export type CommandContext<Prepared> = {
  actor: Actor;
  /** What `prepare` made before the transaction. */
  prepared: Prepared;
  /**
   * A write to another record than the command's own (the revisions a sent quote supersedes, the
   * enquiry it moves to Quoted): in the same transaction, with an audit event of its own.
   */
  also<T>(entity: Entity, target: AuditTarget<T>, write: () => Promise<T>): Promise<T>;
};

export type Command<Input, Result, Prepared = undefined> = {
  /** "quote.send": the command in logs. */
  name: string;
  /** The kind of record the command writes (its audit subject). */
  entity: Entity;
  /** Who may run it; a function when it depends on what is stored (who may quote). */
  access: Access | (() => Promise<Access>);
  /** The audit event: what is done to which record. */
  target: (input: Input, actor: Actor) => AuditTarget<Result>;
  /**
   * Slow work done before the transaction (checking the rules, drawing a PDF, storing a file):
   * never while a row lock is held. What it returns is the work's `context.prepared`.
   */
  prepare?: (input: Input, actor: Actor) => Promise<Prepared>;
  /** Undoes what `prepare` left outside the database (a stored file) when the work did not commit. */
  discard?: (prepared: Prepared) => Promise<void>;
  /** The work, inside the one transaction: every getDb() in it is that transaction. */
  run: (input: Input, context: CommandContext<Prepared>) => Promise<Result>;
  /**
   * How the public pages learn of what the command changes. By default all at once: the next
   * view of any page shows it. "gradual": the command is one step of a change made over many (a
   * catalogue import's batches), and the pages follow it a step or two behind rather than all
   * being rendered again after every step. "refresh": the command ends such a change, and the
   * pages learn of it all at once, whatever the command itself writes.
   */
  publicPages?: "gradual" | "refresh";
};

export function defineCommand<Input, Result, Prepared = undefined>(
  command: Command<Input, Result, Prepared>,
): Command<Input, Result, Prepared> {
  return command;
}

function rolesOf(access: Access) {
  if (access === "admin") return ADMIN_ROLES;
  if (access === "staff") return STAFF_ROLES;
  if (access === "customer" || access === "account" || access === "anyone") return null;
  return access;
}

/** Whether `actor` may run a command with this access. The system may run every command. */
export function mayRun(actor: Actor, access: Access) {
  if (actor.kind === "system" || access === "anyone") return true;
  // The quote's customer: through its link, or signed in to the account it was sent to.
  if (access === "customer")
    return actor.kind === "customer" || actor.kind === "account" || actor.kind === "staff";
  // Only the account's holder: staff do not act in a customer's account.
  if (access === "account") return actor.kind === "account";
  const roles = rolesOf(access);
  return actor.kind === "staff" && roles !== null && roles.includes(actor.user.role);
}

/** Refuses with 403 unless `actor` may run `command`. */
export async function checkAccess(
  command: Pick<Command<never, unknown, unknown>, "access" | "name">,
  actor: Actor,
) {
  const access = typeof command.access === "function" ? await command.access() : command.access;
  if (!mayRun(actor, access)) {
    logger.warn({ command: command.name, actor: actor.actor.id ?? actor.kind }, "command refused");
    throw forbidden("You don't have permission to do that.");
  }
}

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
  import: "Imported",
  undo: "Undid",
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
  entity: Entity,
  action: AuditAction,
  label: string | null,
  changes: AuditChanges,
  detail: AuditDetail,
) {
  const subject = detail.subject ?? `${entity.noun}${label ? ` "${label}"` : ""}`;
  const head = `${VERB[action]} ${subject}`;
  if (action === "role" && changes.role)
    return `${head} from ${changes.role.before} to ${changes.role.after}`;
  const phrases = [...(detail.phrases ?? [])];
  const fields = Object.keys(changes);
  if (action === "update" && entity.fields)
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
 * One write with its audit event(s), one per record written, inside the current transaction.
 * After the commit, a change to what the public pages show empties the page cache (here and, on
 * PostgreSQL, in every other process).
 */
async function audited<T>(
  actor: Actor,
  entity: Entity,
  target: AuditTarget<T>,
  write: () => Promise<T>,
  pages: Command<never, unknown>["publicPages"],
) {
  const known = target.id == null ? [] : typeof target.id === "string" ? [target.id] : [...target.id];
  const before = await readRecords(entity, known);
  const result = await write();
  const created = known.length === 0 ? createdId(result) : null;
  const ids: (string | null)[] = created ? [created] : known.length > 0 ? known : [null];
  const after = await readRecords(
    entity,
    ids.filter((id): id is string => id !== null),
  );
  const events: AuditEventInput[] = [];
  for (const id of ids) {
    const was = id ? before.get(id) : undefined;
    const now = id ? after.get(id) : undefined;
    const changes = { ...changesBetween(was, now, entity), ...target.changes };
    // Of several records (a bulk change), only those the write changed have an event.
    if (ids.length > 1 && target.action === "update" && Object.keys(changes).length === 0) continue;
    const action = actionFor(target.action, changes);
    const detail = target.detail?.(result) ?? {};
    events.push({
      action,
      entityType: entity.type,
      entityId: id,
      summary: target.summary ?? summaryOf(entity, action, labelOf(entity, now ?? was), changes, detail),
      // A created record's every field is in its row; the event keeps what was set.
      changes: target.keepValues === false ? null : { ...changes, ...detail.changes },
    });
  }
  await recordAuditEvents(actor.actor, actor.origin, events);
  // Once per transaction, however many public records it wrote (an import's batch: hundreds).
  if (entity.shownInPublic)
    void afterCommit(pages === "gradual" ? announceGradualContentChange : announceContentChange);
  return result;
}

/**
 * A file a command keeps: an upload waiting in the request's quarantine (http/form-body), stored
 * before the transaction opens (a picture processed into its sizes then too) and removed again
 * when the command does not commit.
 */
export type IncomingFile = { store(): Promise<void>; remove(): Promise<void> };

export type RunOptions = {
  /** Uploads the command keeps: stored before its transaction, removed if it does not commit. */
  files?: readonly IncomingFile[];
};

async function removeFiles(files: readonly IncomingFile[], command: string) {
  await Promise.all(
    files.map((file) =>
      file.remove().catch((error: unknown) => {
        logger.error({ err: error, command }, "removing a failed command's stored file failed");
      }),
    ),
  );
}

/**
 * Runs `command` for `actor`: who may, the files it keeps stored and `prepare` run outside the
 * transaction, then the work and its audit events in one transaction, then the effects the work
 * queued with afterCommit. Run inside another command's work, it joins that transaction and its
 * effects wait for that commit.
 */
export async function runCommand<Input, Result, Prepared>(
  command: Command<Input, Result, Prepared>,
  actor: Actor,
  input: Input,
  options: RunOptions = {},
): Promise<Result> {
  await checkAccess(command as Command<never, unknown, unknown>, actor);
  const stored: IncomingFile[] = [];
  let prepared: Prepared;
  try {
    for (const file of options.files ?? []) {
      await file.store();
      stored.push(file);
    }
    prepared = (command.prepare ? await command.prepare(input, actor) : undefined) as Prepared;
  } catch (error) {
    await removeFiles(stored, command.name);
    throw error;
  }
  const context: CommandContext<Prepared> = {
    actor,
    prepared,
    also: (entity, target, write) => audited(actor, entity, target, write, command.publicPages),
  };
  try {
    return await inTransaction(async () => {
      const result = await audited(
        actor,
        command.entity,
        command.target(input, actor),
        () => command.run(input, context),
        command.publicPages,
      );
      if (command.publicPages === "refresh") void afterCommit(announceContentChange);
      return result;
    });
  } catch (error) {
    if (command.discard)
      await command.discard(prepared).catch((discardError: unknown) => {
        logger.error(
          { err: discardError, command: command.name },
          "undoing a failed command's preparation failed",
        );
      });
    // A connection lost mid-transaction may have lost it at COMMIT, after the rows landed: the
    // files then stay, and the orphan sweep (housekeeping) removes those no row refers to.
    if (databaseOutageKind(error) === "interrupted")
      logger.warn({ err: error, command: command.name }, "command interrupted by a database outage");
    else await removeFiles(stored, command.name);
    throw error;
  }
}
