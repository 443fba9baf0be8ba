// Staff and user accounts: creation (with the password hashed by better-auth, after the password
// rules of ADR 010), activation, and the first admin created at start.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { Role } from "~/lib/vocabulary";
import { getAuth } from "~/server/auth/auth.server";
import { passwordProblem } from "~/server/auth/password-policy.server";
import { getDb } from "~/server/db/db.server";
import { accounts, sessions, users } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";

/** A readable random password: 20 characters from an unambiguous alphabet. */
export function generatePassword(length = 20) {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export async function findUserByEmail(email: string) {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function createUser(input: { email: string; name: string; role: Role; password: string }) {
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password, input.role);
  if (problem) throw new InputError(problem);
  if (await findUserByEmail(email)) throw new InputError(`A user with e-mail ${email} already exists.`);
  const hash = await (await getAuth().$context).password.hash(input.password);
  // Written here rather than through better-auth's adapter, so that the account and the audit
  // event of its creation are one transaction (the adapter would use a connection of its own).
  const id = crypto.randomUUID();
  const [user] = await getDb()
    .insert(users)
    .values({ id, email, name: input.name.trim(), emailVerified: true, role: input.role, isActive: true })
    .returning();
  if (!user) throw new Error("The new user was not stored");
  await getDb().insert(accounts).values({
    id: crypto.randomUUID(),
    userId: id,
    providerId: "credential",
    accountId: id,
    password: hash,
  });
  return user;
}

/** Deactivating a user ends every one of their sessions at once. */
export async function setUserActive(userId: string, isActive: boolean) {
  await getDb().transaction(async (tx) => {
    await tx.update(users).set({ isActive }).where(eq(users.id, userId));
    if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

export type FirstAdminResult =
  | { created: false }
  | { created: true; email: string; password?: string; passwordFile?: string };

/**
 * When no admin exists, create one from ADMIN_EMAIL / ADMIN_PASSWORD, or admin@example.com with
 * a random password that is returned (to be printed once) and kept in DATA_DIR/initial-admin.txt.
 */
export async function ensureFirstAdmin(options: {
  email?: string;
  password?: string;
  dataDir: string;
}): Promise<FirstAdminResult> {
  const [existing] = await getDb().select({ n: count() }).from(users).where(eq(users.role, "admin"));
  if ((existing?.n ?? 0) > 0) return { created: false };
  const email = options.email ?? "admin@example.com";
  const generated = options.password ? undefined : generatePassword();
  const password = options.password ?? generated ?? "";
  const problem = passwordProblem(password, "admin");
  if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}`);
  const current = await findUserByEmail(email);
  if (current) {
    // The address is taken by a non-admin account: promote it rather than fail the start. A new
    // role ends the account's sessions, as it does in User Management.
    await getDb().transaction(async (tx) => {
      await tx
        .update(users)
        .set({ role: "admin", isActive: true, emailVerified: true })
        .where(eq(users.id, current.id));
      await tx.delete(sessions).where(eq(sessions.userId, current.id));
    });
    return { created: true, email };
  }
  await createUser({ email, name: "Administrator", role: "admin", password });
  if (!generated) return { created: true, email };
  fs.mkdirSync(options.dataDir, { recursive: true });
  const passwordFile = path.join(options.dataDir, "initial-admin.txt");
  fs.writeFileSync(passwordFile, `email: ${email}\npassword: ${generated}\n`, { mode: 0o600 });
  fs.chmodSync(passwordFile, 0o600);
  return { created: true, email, password: generated, passwordFile };
}
