// Accounts the system writes, not a signed-in admin: `npm run user:create` and the first admin
// made at start-up. Both go through the users' create command, so each leaves its audit event,
// its actor named for what made it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { ensureFirstAdmin } from "~/modules/users/first-admin.server";
import { loader as auditLoader } from "~/routes/admin/audit";
import { openDatabase } from "~/server/db/client.server";
import { auditEvents, users } from "~/server/db/schema";
import { getLoader } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { createPostgresDatabase } from "../support/instances";
import { createUser } from "../support/users";

const database = useTestDatabase();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tc-accounts-by-system-"));

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function db() {
  return database.current.db;
}

function userEvents(email: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityType, "user"))
    .orderBy(auditEvents.occurredAt)
    .then((rows) => rows.filter((row) => row.summary.includes(`"${email}"`)));
}

test("npm run user:create leaves the account's creation in the audit log, by the script", async () => {
  // The script on a new site of the engine under test: a data folder, or a new PostgreSQL database.
  const dataDir = path.join(scratch, "script-site");
  const postgres = database.current.engine === "postgres" ? await createPostgresDatabase() : undefined;
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? "" };
    const args = ["--email", "tane@example.nz", "--name", "Tane", "--role", "sales"];
    const { stdout } = await promisify(execFile)(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/user-create.ts", ...args, "--password", "a-long-sales-password"],
      { env, encoding: "utf8" },
    );
    expect(stdout).toContain("Created sales tane@example.nz with the given password");

    const site = await openDatabase(
      postgres ? { kind: "postgres", url: postgres.url, poolMax: 1 } : { kind: "pglite", dataDir },
    );
    try {
      const [account] = await site.db.select().from(users).where(eq(users.email, "tane@example.nz"));
      const events = await site.db.select().from(auditEvents).where(eq(auditEvents.entityType, "user"));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: "create",
        entityId: account?.id,
        actorId: null,
        actorName: "npm run user:create",
        actorRole: "system",
        summary: 'Created user "tane@example.nz"',
      });
      expect(events[0]?.changes).toMatchObject({ role: { before: null, after: "sales" } });
    } finally {
      await site.close();
    }
  } finally {
    await postgres?.drop();
  }
}, 180_000);

test("the first admin made at start-up is in the audit log, by the start-up, and the audit screen shows it", async () => {
  await db().delete(users);
  const created = await ensureFirstAdmin({
    email: "boss@example.nz",
    password: "a-good-admin-password",
    dataDir: path.join(scratch, "first-admin"),
  });
  expect(created).toMatchObject({ created: true, email: "boss@example.nz" });
  const [boss] = await db().select().from(users).where(eq(users.email, "boss@example.nz"));
  expect(boss).toMatchObject({ role: "admin", isActive: true, emailVerified: true });
  expect(await userEvents("boss@example.nz")).toMatchObject([
    {
      action: "create",
      entityId: boss?.id,
      actorName: "first admin at start-up",
      actorRole: "system",
      summary: 'Created user "boss@example.nz"',
    },
  ]);

  // A second start finds the admin and writes nothing.
  expect(await ensureFirstAdmin({ dataDir: path.join(scratch, "first-admin") })).toEqual({ created: false });
  expect(await userEvents("boss@example.nz")).toHaveLength(1);

  const screen = await getLoader(auditLoader, "/admin/audit?q=first+admin");
  expect(screen.list.rows.map((row) => [row.actorName, row.summary])).toEqual([
    ["first admin at start-up", 'Created user "boss@example.nz"'],
  ]);
});

test("an account already at the first admin's address is promoted, and that is in the audit log", async () => {
  await db().delete(users);
  await createUser({ email: "owner@example.nz", name: "Owner", role: "user", password: "eight-ch" });
  const result = await ensureFirstAdmin({
    email: "owner@example.nz",
    password: "a-good-admin-password",
    dataDir: path.join(scratch, "promoted"),
  });
  expect(result).toEqual({ created: true, email: "owner@example.nz" });
  const events = await userEvents("owner@example.nz");
  expect(events.map((event) => [event.action, event.actorName, event.summary])).toEqual([
    ["create", "test setup", 'Created user "owner@example.nz"'],
    ["role", "first admin at start-up", 'Changed the role of user "owner@example.nz" from user to admin'],
  ]);
});
