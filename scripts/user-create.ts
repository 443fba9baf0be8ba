// npm run user:create -- --email E --name N --role R: creates a user and prints a generated password.
import { z } from "zod";
import { createUser, generatePassword } from "~/modules/users/mutations.server";
import { ROLES } from "~/server/db/schema";
import { argValue, runScript, withDatabase } from "./open-database";

const argsSchema = z.object({
  email: z.email("--email must be an e-mail address"),
  name: z.string().trim().min(1, "--name is required"),
  role: z.enum(ROLES, { error: `--role must be one of ${ROLES.join(", ")}` }).default("user"),
});

await runScript(async () => {
  const args = process.argv.slice(2);
  const parsed = argsSchema.safeParse({
    email: argValue(args, "email"),
    name: argValue(args, "name"),
    role: argValue(args, "role"),
  });
  if (!parsed.success) {
    throw new Error(
      `Usage: npm run user:create -- --email E --name N --role admin|sales|user\n${parsed.error.issues
        .map((i) => `  ${i.message}`)
        .join("\n")}`,
    );
  }
  const password = generatePassword();
  await withDatabase(async () => {
    await createUser({ ...parsed.data, password });
  });
  console.log(`Created ${parsed.data.role} ${parsed.data.email}\n  password: ${password}`);
});
