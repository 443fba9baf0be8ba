// npm run user:create -- --email E --name N --role R [--password P]: creates a user. Without
// --password one is generated and printed; a given one must pass the password rules (ADR 010).
// The account is written by the users' create command, as the system: its audit event names
// "npm run user:create".
import "./env-file-option";
import { z } from "zod";
import { ROLES } from "~/lib/vocabulary";
import { createUser } from "~/modules/users/commands.server";
import { generatePassword } from "~/modules/users/first-admin.server";
import { passwordProblem } from "~/server/auth/password-policy.server";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { argValue, runScript, withDatabase } from "./open-database";

const argsSchema = z.object({
  email: z.email("--email must be an e-mail address"),
  name: z.string().trim().min(1, "--name is required"),
  role: z.enum(ROLES, { error: `--role must be one of ${ROLES.join(", ")}` }).default("user"),
  password: z.string().optional(),
});

await runScript(async () => {
  const args = process.argv.slice(2);
  const parsed = argsSchema.safeParse({
    email: argValue(args, "email"),
    name: argValue(args, "name"),
    role: argValue(args, "role"),
    password: argValue(args, "password"),
  });
  if (!parsed.success) {
    throw new Error(
      `Usage: npm run user:create -- --email E --name N --role admin|sales|user [--password P]\n${parsed.error.issues
        .map((i) => `  ${i.message}`)
        .join("\n")}`,
    );
  }
  const { password: given, ...user } = parsed.data;
  const problem = given === undefined ? null : passwordProblem(given, user.role);
  if (problem) throw new Error(`--password is refused: ${problem}`);
  const password = given ?? generatePassword();
  await withDatabase(async () => {
    await runCommand(createUser, systemActor("npm run user:create"), { ...user, password });
  });
  console.log(
    given === undefined
      ? `Created ${user.role} ${user.email}\n  password: ${password}`
      : `Created ${user.role} ${user.email} with the given password`,
  );
});
