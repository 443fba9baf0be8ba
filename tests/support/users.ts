// Accounts for tests, made through the users commands as a script would make them (the system
// as the actor), and a staff member as the actor of a command run directly.
//
//   const sam = await createUser({ email: "sam@example.nz", name: "Sam", role: "sales", password });
//   await runCommand(updateUser, await staffActorOf(admin.id), { ...edit });

import { eq } from "drizzle-orm";
import type { Role } from "~/lib/vocabulary";
import * as commands from "~/modules/users/commands.server";
import { type Actor, staffActor, systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema";

const TEST_SETUP = systemActor("test setup");

/** A new active account with a confirmed address; the stored row. */
export function createUser(input: { email: string; name: string; role: Role; password: string }) {
  return runCommand(commands.createUser, TEST_SETUP, input);
}

/** Activates or deactivates an account (deactivation ends its sessions). */
export async function setUserActive(id: string, isActive: boolean) {
  await runCommand(commands.setUserActive, TEST_SETUP, { id, isActive });
}

/** The stored account `id` as the staff member running a command. */
export async function staffActorOf(id: string): Promise<Actor> {
  const [user] = await getDb()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw new Error(`no user ${id}`);
  return staffActor({ ...user, role: user.role as Role }, { ip: null, userAgent: null });
}
