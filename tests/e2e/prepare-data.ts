// Fills a fresh data folder for the end-to-end servers in one process, in the order a first
// start would: the staff and customer accounts (as `npm run user:create` makes them), then the
// server's own first start (migrations, the first admin, the demo catalogue) and the search index
// it fills before serving. global-setup.ts copies the folder for the second server, so each
// server starts on the same data without migrating and seeding again. Prints, as JSON, the
// passwords and New Zealand's date when the demo content was written (its dates count back from
// that day, which need not be the day a journey runs: a run may cross midnight in Auckland).
import { backfillProductSearch } from "~/modules/search/commands.server";
import { createUser } from "~/modules/users/commands.server";
import { ensureFirstAdmin, generatePassword } from "~/modules/users/first-admin.server";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { closeDatabase, connectDatabase } from "~/server/db/db.server";
import { boot } from "~/server/runtime/boot.server";
import { E2E_SALES, E2E_USER, type E2EPasswords, type E2EPrepared } from "./accounts";
import { nzToday } from "./nz-date";

const actor = systemActor("npm run user:create");
const passwords: E2EPasswords = { sales: generatePassword(), user: generatePassword() };
// Two days only if the seed itself ran across midnight.
const seededOn = new Set<string>();
try {
  const handle = await connectDatabase();
  await handle.migrate();
  await runCommand(createUser, actor, { ...E2E_SALES, role: "sales", password: passwords.sales });
  await runCommand(createUser, actor, { ...E2E_USER, role: "user", password: passwords.user });
  seededOn.add(nzToday());
  await boot(ensureFirstAdmin);
  seededOn.add(nzToday());
  await backfillProductSearch();
} finally {
  await closeDatabase();
}
console.log(JSON.stringify({ passwords, seededOn: [...seededOn] } satisfies E2EPrepared));
