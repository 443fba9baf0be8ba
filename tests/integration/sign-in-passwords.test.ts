// Password rules wherever a password is set: 12 characters for staff (8 for other users) and
// none from the shipped list of common passwords, in User Management, sign-up, the user:create
// script and ADMIN_PASSWORD at first start.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "~/lib/password-rules";
import { updateUser } from "~/modules/users/commands.server";
import { ensureFirstAdmin } from "~/modules/users/first-admin.server";
import { action as usersAction } from "~/routes/admin/users";
import { isCommonPassword, passwordProblem } from "~/server/auth/password-policy.server";
import { runCommand } from "~/server/commands/runner.server";
import { users } from "~/server/db/schema";
import { useTestDatabase } from "../support/database";
import { createUser, staffActorOf } from "../support/users";
import { makeAccount, PASSWORD, postAuth, signInFields } from "./sign-in-support";

const database = useTestDatabase();

async function row(email: string) {
  const [found] = await database.current.db.select().from(users).where(eq(users.email, email));
  return found;
}

test("the project ships a list of at least 10,000 common passwords", () => {
  const file = path.resolve("app/server/auth/common-passwords.txt");
  const entries = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("# "));
  expect(entries.length).toBeGreaterThanOrEqual(10_000);
  expect(entries.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
});

test("common passwords, listed words dressed up with digits, and repeats are refused", () => {
  for (const password of [
    "qwertyuiop123",
    "PASSWORD1234",
    "Sunshine2024!",
    "123456789012",
    "iloveyou1234",
    "trustno1trustno1",
    "aaaaaaaaaaaaaaaa",
  ]) {
    expect(isCommonPassword(password), password).toBe(true);
  }
  for (const password of ["correct-horse-battery-staple", "Kiwi timber deck 42", "e2e-admin-password-1"]) {
    expect(isCommonPassword(password), password).toBe(false);
  }
  expect(passwordProblem("short-one", "sales")).toBe(
    "Password must be at least 12 characters for staff accounts",
  );
  expect(passwordProblem("short-one", "user")).toBeNull();
  expect(passwordProblem("football", "user")).toBe(COMMON_PASSWORD_MESSAGE);
  expect(passwordProblem("football2024!", "admin")).toBe(COMMON_PASSWORD_MESSAGE);
});

async function postUsers(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/admin/users", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  const outcome = (await usersAction({ request, params: {}, context: {} } as never)) as
    | Response
    | { data: { error?: { description?: string } }; init?: { status?: number } };
  if (outcome instanceof Response) return { status: outcome.status, message: "" };
  return { status: outcome.init?.status ?? 200, message: outcome.data.error?.description ?? "" };
}

async function adminCookie() {
  const admin = await makeAccount("admin");
  const answer = await postAuth(signInFields(admin.email, PASSWORD));
  return { ...admin, cookie: answer.cookie };
}

test("User Management refuses a common password on create and on edit, and stores nothing", async () => {
  const admin = await adminCookie();
  const created = await postUsers(admin.cookie, {
    intent: "create",
    name: "Tama",
    email: "tama@example.nz",
    password: "password1234",
    role: "sales",
  });
  expect(created).toEqual({ status: 400, message: COMMON_PASSWORD_MESSAGE });
  expect(await row("tama@example.nz")).toBeUndefined();

  const sales = await makeAccount("sales");
  const before = await row(sales.email);
  const edited = await postUsers(admin.cookie, {
    intent: "update",
    id: sales.id,
    name: "Renamed",
    email: sales.email,
    password: "qwertyuiop123",
    role: "sales",
  });
  expect(edited).toEqual({ status: 400, message: COMMON_PASSWORD_MESSAGE });
  expect(await row(sales.email)).toEqual(before);
  expect((await postAuth(signInFields(sales.email, PASSWORD))).status).toBe(302);
});

test("the rules hold below the forms too: short or common staff passwords never reach the database", async () => {
  await expect(
    createUser({ email: "short@example.nz", name: "Short", role: "admin", password: "elevenchars" }),
  ).rejects.toThrow("Password must be at least 12 characters for staff accounts");
  await expect(
    createUser({ email: "common@example.nz", name: "Common", role: "sales", password: "baseball1234" }),
  ).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
  expect(await row("short@example.nz")).toBeUndefined();
  expect(await row("common@example.nz")).toBeUndefined();

  const admin = await makeAccount("admin");
  const person = await makeAccount("user", "eight-ch");
  // A user's 8-character password may not carry over into a staff role.
  await expect(
    runCommand(updateUser, await staffActorOf(admin.id), {
      id: person.id,
      name: "Promoted",
      email: person.email,
      role: "sales",
    }),
  ).rejects.toThrow("Set a new password of at least 12 characters to give this user a staff role.");
  expect(await row(person.email)).toMatchObject({ role: "user" });
  await runCommand(updateUser, await staffActorOf(admin.id), {
    id: person.id,
    name: "Promoted",
    email: person.email,
    role: "sales",
    password: "a-proper-staff-password",
  });
  expect(await row(person.email)).toMatchObject({ role: "sales" });
});

test("sign-up refuses a common password with the message", async () => {
  const answer = await postAuth({
    intent: "sign-up",
    name: "Hemi",
    email: "hemi@example.nz",
    password: "superman",
  });
  expect(answer.status).toBe(400);
  expect(answer.failure).toBe(COMMON_PASSWORD_MESSAGE);
  expect(await row("hemi@example.nz")).toBeUndefined();
});

test("a common ADMIN_PASSWORD stops the first start with a message naming it", async () => {
  await database.current.db.delete(users);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-first-admin-"));
  await expect(
    ensureFirstAdmin({ email: "boss@example.nz", password: "letmein123456", dataDir }),
  ).rejects.toThrow(`ADMIN_PASSWORD is refused: ${COMMON_PASSWORD_MESSAGE}`);
  expect(await row("boss@example.nz")).toBeUndefined();
  const created = await ensureFirstAdmin({
    email: "boss@example.nz",
    password: "a-good-admin-password",
    dataDir,
  });
  expect(created).toMatchObject({ created: true, email: "boss@example.nz" });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The script refuses these before it opens a database: one engine's run says it all.
test.runIf(process.env.TEST_ENGINE !== "postgres")(
  "npm run user:create refuses a short or common --password",
  () => {
    const tsx = path.resolve("node_modules/.bin/tsx");
    const run = (password: string) => {
      try {
        execFileSync(
          tsx,
          [
            "scripts/user-create.ts",
            "--email",
            "x@example.nz",
            "--name",
            "X",
            "--role",
            "sales",
            "--password",
            password,
          ],
          { encoding: "utf8", stdio: "pipe", env: { ...process.env, DATA_DIR: os.tmpdir() } },
        );
        return "created";
      } catch (error) {
        return String((error as { stderr?: string }).stderr).trim();
      }
    };
    expect(run("elevenchars")).toContain(
      "--password is refused: Password must be at least 12 characters for staff accounts",
    );
    expect(run("dragon123456")).toContain(`--password is refused: ${COMMON_PASSWORD_MESSAGE}`);
  },
  // Two starts of the script through tsx: seconds each, many more on a busy machine.
  120_000,
);
