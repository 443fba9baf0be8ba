// A customer's writes to their own account, run by the command runner as the account's holder:
// each one is about the session's own user and no other (the id never comes from the form).
import { and, eq, ne } from "drizzle-orm";
import type { AccountHolder, Actor } from "~/server/commands/actor";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { sessions, users } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { userEntity } from "../users/entity";
import type { ProfileInput } from "./schema";

/** The account holder's id: the runner lets only a signed-in customer run these commands. */
export function holderId(actor: Actor) {
  return (actor as AccountHolder).user.id;
}

export const updateProfile = defineCommand({
  name: "account.update_profile",
  entity: userEntity,
  access: "account",
  target: (_input: ProfileInput, actor) => ({ action: "update", id: holderId(actor) }),
  run: async (input, { actor }) => {
    await getDb()
      .update(users)
      .set({ name: input.name, phone: input.phone, company: input.company })
      .where(eq(users.id, holderId(actor)));
  },
});

/** Signs one of the customer's own sessions out (another device); a session of anyone else is not found. */
export const endSession = defineCommand({
  name: "account.end_session",
  entity: userEntity,
  access: "account",
  target: (_input: { id: string }, actor) => ({
    action: "update",
    id: holderId(actor),
    summary: `${actor.actor.email} signed out one of their devices`,
  }),
  run: async (input, { actor }) => {
    const ended = await getDb()
      .delete(sessions)
      .where(and(eq(sessions.id, input.id), eq(sessions.userId, holderId(actor))))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new InputError("That device is already signed out.");
  },
});

/** Signs every session of the customer out but the one in use (`keep`). */
export const endOtherSessions = defineCommand({
  name: "account.end_other_sessions",
  entity: userEntity,
  access: "account",
  target: (_input: { keep: string }, actor) => ({
    action: "update",
    id: holderId(actor),
    summary: `${actor.actor.email} signed out everywhere else`,
  }),
  run: async (input, { actor }) => {
    await getDb()
      .delete(sessions)
      .where(and(eq(sessions.userId, holderId(actor)), ne(sessions.id, input.keep)));
  },
});

/**
 * Deletes the customer's account: their sessions, sign-in methods, jobs and job lists go with it;
 * their enquiries stay with the trader as business records, no longer tied to an account (the
 * foreign key sets it to null), and quotes, which are the trader's, stay as they are.
 */
export const deleteAccount = defineCommand({
  name: "account.delete",
  entity: userEntity,
  access: "account",
  target: (_input: { confirmEmail: string }, actor) => ({ action: "delete", id: holderId(actor) }),
  prepare: async (input, actor) => {
    if (input.confirmEmail.trim().toLowerCase() !== (actor.actor.email ?? "").toLowerCase())
      throw new InputError("Type your e-mail address exactly as shown to confirm.", "confirmEmail");
  },
  run: async (_input, { actor }) => {
    await getDb()
      .delete(users)
      .where(eq(users.id, holderId(actor)));
  },
});
