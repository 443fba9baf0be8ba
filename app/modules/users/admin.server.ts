// User Management (admin only): the paged list and create / update / activate / delete, with
// the rules that keep the back office reachable. An admin cannot delete, demote or deactivate
// themselves, and the last active admin can never be removed, deactivated or demoted. The rule is
// checked and the change made in one transaction, with the active admins' rows locked, so two
// admins demoting each other at the same moment cannot both succeed.
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { STAFF_PASSWORD_MIN } from "~/lib/password-rules";
import type { Role } from "~/lib/vocabulary";
import { getAuth } from "~/server/auth/auth.server";
import { passwordProblem } from "~/server/auth/password-policy.server";
import type { Transaction } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { accounts, sessions, users } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { createUser } from "./mutations.server";
import type { UserFormInput } from "./schema";

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  createdAt: Date;
};

export async function listUsers({ page, q }: { page: number; q: string }): Promise<Paged<AdminUserRow>> {
  const where = ilikeAny([users.name, users.email], q);
  const db = getDb();
  const paged = await readPage(
    page,
    () => db.select({ n: count() }).from(users).where(where),
    (offset) =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          isActive: users.isActive,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  return { ...paged, rows: paged.rows.map((row) => ({ ...row, role: row.role as Role })) };
}

export async function createAdminUser(input: UserFormInput & { password: string }) {
  return createUser({ name: input.name, email: input.email, role: input.role, password: input.password });
}

async function lockTarget(tx: Transaction, id: string) {
  // The active admins are locked first (in a fixed order), then counted: a concurrent change to
  // any of them waits for this transaction and then sees its result.
  const activeAdmins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(users.id)
    .for("update");
  const [target] = await tx
    .select({ id: users.id, role: users.role, isActive: users.isActive, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (!target) throw new InputError("This user no longer exists.");
  const isActiveAdmin = target.role === "admin" && target.isActive;
  return { target, isLastActiveAdmin: isActiveAdmin && activeAdmins.length <= 1 };
}

/**
 * Saves an edit. A new role, or a new password, ends the user's sessions at once; an admin who
 * changes their own password keeps only `options.keepSessionId` (the session they are using).
 */
export async function updateAdminUser(
  actorId: string,
  input: UserFormInput & { id: string },
  options: { keepSessionId?: string } = {},
) {
  if (input.password) {
    const problem = passwordProblem(input.password, input.role);
    if (problem) throw new InputError(problem);
  }
  const password = input.password ? await (await getAuth().$context).password.hash(input.password) : null;
  const email = input.email.trim().toLowerCase();
  await getDb().transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockTarget(tx, input.id);
    if (input.role !== target.role) {
      if (target.id === actorId) throw new InputError("You cannot change your own role.");
      if (isLastActiveAdmin) throw new InputError("The last active admin cannot be demoted.");
      // A user's password may be as short as 8 characters; a staff account's may not.
      if (target.role === "user" && !password) {
        throw new InputError(
          `Set a new password of at least ${STAFF_PASSWORD_MIN} characters to give this user a staff role.`,
        );
      }
    }
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, target.id)));
    if (clash) throw new InputError(`A user with e-mail ${email} already exists.`);

    // An admin who gives an account a staff role vouches for its address: it need not be confirmed.
    const vouched = input.role === "user" ? {} : { emailVerified: true };
    await tx
      .update(users)
      .set({ name: input.name, email, role: input.role, ...vouched })
      .where(eq(users.id, target.id));
    if (password) {
      const updated = await tx
        .update(accounts)
        .set({ password })
        .where(and(eq(accounts.userId, target.id), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (updated.length === 0) {
        await tx.insert(accounts).values({
          id: crypto.randomUUID(),
          userId: target.id,
          accountId: target.id,
          providerId: "credential",
          password,
        });
      }
    }
    if (input.role !== target.role || password) {
      const keep = target.id === actorId ? options.keepSessionId : undefined;
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, target.id), keep ? ne(sessions.id, keep) : undefined));
    }
  });
}

/** Deactivation ends every session of the user at once (as setUserActive does), in the same transaction as the rule. */
export async function setAdminUserActive(actorId: string, id: string, isActive: boolean) {
  await getDb().transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockTarget(tx, id);
    if (!isActive) {
      if (target.id === actorId) throw new InputError("You cannot deactivate your own account.");
      if (isLastActiveAdmin) throw new InputError("The last active admin cannot be deactivated.");
    }
    await tx.update(users).set({ isActive }).where(eq(users.id, target.id));
    if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, target.id));
  });
}

export async function deleteAdminUser(actorId: string, id: string) {
  await getDb().transaction(async (tx) => {
    const { target, isLastActiveAdmin } = await lockTarget(tx, id);
    if (target.id === actorId) throw new InputError("You cannot delete your own account.");
    if (isLastActiveAdmin) throw new InputError("The last active admin cannot be deleted.");
    // Sessions and the credential account go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, target.id));
  });
}
