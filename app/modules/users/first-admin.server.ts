// The first admin, made at start-up when there is none (server/app.ts hands this step to boot,
// which runs it while holding the first-start turn), and the generated passwords of it and of
// `npm run user:create`. The account is written by the users commands, as the system: its audit
// event names "first admin at start-up".
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { passwordProblem } from "~/server/auth/password-policy.server";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { users } from "~/server/db/schema";
import { findUserByEmail } from "./admin.server";
import { createUser, promoteToAdmin } from "./commands.server";

/** A readable random password: 20 characters from an unambiguous alphabet. */
export function generatePassword(length = 20) {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export type FirstAdminResult =
  | { created: false }
  | { created: true; email: string; password?: string; passwordFile?: string };

const FIRST_ADMIN = systemActor("first admin at start-up");

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
    // The address is taken by a non-admin account: promote it rather than fail the start.
    await runCommand(promoteToAdmin, FIRST_ADMIN, { id: current.id });
    return { created: true, email };
  }
  await runCommand(createUser, FIRST_ADMIN, { email, name: "Administrator", role: "admin", password });
  if (!generated) return { created: true, email };
  fs.mkdirSync(options.dataDir, { recursive: true });
  const passwordFile = path.join(options.dataDir, "initial-admin.txt");
  fs.writeFileSync(passwordFile, `email: ${email}\npassword: ${generated}\n`, { mode: 0o600 });
  fs.chmodSync(passwordFile, 0o600);
  return { created: true, email, password: generated, passwordFile };
}
