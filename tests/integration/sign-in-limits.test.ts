// Sign-in under attack, through the sign-in page's action: 5 failures per account and 20 per
// address in 10 minutes, then 429 with a message and Retry-After (even for the right password)
// and one warning in the log; an unknown e-mail and a wrong password answered alike.
import { eq } from "drizzle-orm";
import { beforeEach, expect, test, vi } from "vitest";
import { getAuth } from "~/server/auth/auth.server";
import { accountKey, openSignInAttempt } from "~/server/auth/sign-in-limits.server";
import { rateLimitCounters, sessions } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { useTestDatabase } from "../support/database";
import { freshIp, makeAccount, PASSWORD, postAuth, signInFields } from "./sign-in-support";

const database = useTestDatabase();

beforeEach(async () => {
  await database.current.db.delete(rateLimitCounters);
});

async function sessionCount(userId: string) {
  return database.current.db.$count(sessions, eq(sessions.userId, userId));
}

/** The sign-in limit warnings among the logged warnings. */
function limitWarnings(calls: unknown[][]) {
  return calls
    .map((call) => call[0])
    .filter((first) => (first as { event?: string })?.event === "sign-in-limited");
}

const ACCOUNT_LIMITED =
  /^Too many failed sign-in attempts for this e-mail address\. Please try again in \d+ minutes?\.$/;
const ADDRESS_LIMITED =
  /^Too many failed sign-in attempts from your network\. Please try again in \d+ minutes?\.$/;

test("after 5 failures an account is refused with 429, even with the right password, from any address", async () => {
  const warn = vi.spyOn(logger, "warn");
  const sales = await makeAccount("sales");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    // Each guess from another address, the e-mail in another case: it is still one account.
    const email = attempt % 2 ? sales.email.toUpperCase() : sales.email;
    const answer = await postAuth(signInFields(email, `wrong-guess-${attempt}`), { ip: freshIp() });
    expect(answer.status).toBe(400);
    expect(answer.failure).toBe("Invalid email or password");
  }
  const attackerIp = freshIp();
  const refused = await postAuth(signInFields(sales.email, PASSWORD), { ip: attackerIp });
  expect(refused.status).toBe(429);
  expect(refused.failure).toMatch(ACCOUNT_LIMITED);
  const retryAfter = Number(refused.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(refused.cookie).toBe("");
  expect(await sessionCount(sales.id)).toBe(0);

  // One warning names the account and the address, and no log line carries a password.
  await postAuth(signInFields(sales.email, "yet-another-guess"), { ip: freshIp() });
  expect(limitWarnings(warn.mock.calls)).toEqual([
    expect.objectContaining({ scope: "account", account: sales.email, ip: attackerIp }),
  ]);
  expect(JSON.stringify(warn.mock.calls)).not.toMatch(/wrong-guess|correct-horse|another-guess/);

  // Someone else signs in from the same address.
  const other = await makeAccount("admin");
  const fine = await postAuth(signInFields(other.email, PASSWORD), { ip: attackerIp });
  expect(fine).toMatchObject({ status: 302, location: "/admin" });
});

test("a successful sign-in clears the account's count", async () => {
  const admin = await makeAccount("admin");
  const ip = freshIp();
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    expect((await postAuth(signInFields(admin.email, "not-it-at-all"), { ip })).status).toBe(400);
  }
  expect((await postAuth(signInFields(admin.email, PASSWORD), { ip })).status).toBe(302);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect((await postAuth(signInFields(admin.email, "not-it-at-all"), { ip })).status).toBe(400);
  }
  expect((await postAuth(signInFields(admin.email, PASSWORD), { ip })).status).toBe(429);
});

test("after 20 failures an address is refused for every account; successes neither count nor reset it", async () => {
  const warn = vi.spyOn(logger, "warn");
  const sales = await makeAccount("sales");
  const ip = "2001:db8:1:2::10";
  for (let attempt = 1; attempt <= 19; attempt += 1) {
    // Another e-mail each time (no account limit), and addresses of the same /64.
    const answer = await postAuth(signInFields(`nobody${attempt}@example.nz`, "some-guess-here"), {
      ip: `2001:db8:1:2::${attempt.toString(16)}`,
    });
    expect(answer.status).toBe(400);
  }
  // A good sign-in from the address is not counted, and does not wipe the failures.
  expect((await postAuth(signInFields(sales.email, PASSWORD), { ip })).status).toBe(302);
  expect((await postAuth(signInFields("nobody20@example.nz", "some-guess-here"), { ip })).status).toBe(400);
  const refused = await postAuth(signInFields(sales.email, PASSWORD), { ip });
  expect(refused.status).toBe(429);
  expect(refused.failure).toMatch(ADDRESS_LIMITED);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(limitWarnings(warn.mock.calls)).toEqual([expect.objectContaining({ scope: "ip", ip })]);
  // The same person from another network is not affected.
  expect((await postAuth(signInFields(sales.email, PASSWORD), { ip: "2001:db8:9::1" })).status).toBe(302);
  // Sign-up from the blocked address is refused too.
  const signUp = await postAuth(
    { intent: "sign-up", name: "New", email: "new@example.nz", password: "a-fine-long-password" },
    { ip },
  );
  expect(signUp.status).toBe(429);
  expect(signUp.failure).toMatch(ADDRESS_LIMITED);
});

test("an unknown e-mail and a wrong password get the same answer, and both run the scrypt hash", async () => {
  const sales = await makeAccount("sales");
  const unknownEmail = "no-such-person@example.nz";
  const password = (await getAuth().$context).password;
  const hash = vi.spyOn(password, "hash");
  const verify = vi.spyOn(password, "verify");

  const unknown = await postAuth(signInFields(unknownEmail, "guess-number-one"));
  // The unknown account's guess is still hashed (better-auth's dummy work), so it takes as long.
  expect(hash).toHaveBeenCalledTimes(1);
  expect(hash).toHaveBeenCalledWith("guess-number-one");
  expect(verify).not.toHaveBeenCalled();

  const wrong = await postAuth(signInFields(sales.email, "guess-number-one"));
  expect(verify).toHaveBeenCalledTimes(1);
  expect(hash).toHaveBeenCalledTimes(1);

  expect(wrong.status).toBe(unknown.status);
  expect(wrong.failure).toBe(unknown.failure);
  expect([...wrong.headers]).toEqual([...unknown.headers]);
  // The form is drawn again the same way, with only the e-mail that was typed differing.
  expect(JSON.stringify(wrong.result).replace(sales.email, "E")).toBe(
    JSON.stringify(unknown.result).replace(unknownEmail, "E"),
  );
  expect(JSON.stringify(wrong.result)).not.toContain("guess-number-one");
});

test("the failure counters are kept in the database per account and per address", async () => {
  // Odd text in the e-mail field is counted like any other, never a server error.
  const odd = await postAuth(signInFields("nul\u0000byte@example.nz", "a-wrong-password"));
  expect(odd.status).toBe(400);
  await database.current.db.delete(rateLimitCounters);

  const ip = freshIp();
  await postAuth(signInFields("Someone@Example.NZ", "a-wrong-password"), { ip });
  const rows = await database.current.db.select().from(rateLimitCounters);
  expect(rows.map((row) => [row.key, row.count]).sort()).toEqual([
    [`${accountKey("someone@example.nz")}:600`, 1],
    [`sign-in:ip:${ip}:600`, 1],
  ]);
});

test("failures on both sides of a window's edge still add up: five guesses cannot be made twice in a moment", async () => {
  const email = "edge-of-window@example.nz";
  const beforeEdge = new Date("2026-03-02T10:09:58Z");
  const afterEdge = new Date("2026-03-02T10:10:01Z");
  for (const at of [beforeEdge, beforeEdge, beforeEdge, afterEdge, afterEdge]) {
    expect((await openSignInAttempt(email, freshIp(), at)).allowed).toBe(true);
  }
  const sixth = await openSignInAttempt(email, freshIp(), new Date("2026-03-02T10:10:02Z"));
  expect(sixth).toMatchObject({ allowed: false, scope: "account" });
  // A whole window later the earlier failures no longer weigh.
  const later = await openSignInAttempt(email, freshIp(), new Date("2026-03-02T10:30:00Z"));
  expect(later.allowed).toBe(true);
});
