// A customer's writes to their own account, run by the command runner as the account's holder:
// each one is about the session's own user and no other (the id never comes from the form).
import { eq } from "drizzle-orm";
import type { AccountHolder, Actor } from "~/server/commands/actor";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema";
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
