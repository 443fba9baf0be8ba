// A customer's one-time sign-in link by e-mail: the same answer for any address (only an active,
// confirmed customer account is mailed), the link signs in once, only within its 15 minutes, only
// when Sign in is pressed (opening it spends nothing), lands on the account, and the requests for
// links are limited per e-mail and per client address.
import { and, eq, like } from "drizzle-orm";
import { expect, test } from "vitest";
import { mailOutbox, users, verifications } from "~/server/db/schema";
import { readToast } from "~/server/toast.server";
import { pageRequest } from "../support/access";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { createUser } from "../support/users";
import { freshIp, PASSWORD, postAuth } from "./sign-in-support";

const database = useTestDatabase();
const app = createAppHandler();

async function linkMails(email: string) {
  const rows = await database.current.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "sign_in_link"));
  return rows.filter((row) => row.recipients.includes(email));
}

function tokenIn(text: string) {
  const token = /\/auth\/sign-in-link\?token=([A-Za-z0-9]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no sign-in link in: ${text}`);
  return token;
}

async function customer(email: string, options: { confirmed?: boolean } = {}) {
  const user = await createUser({ email, name: "Hemi Builder", role: "user", password: PASSWORD });
  if (options.confirmed === false)
    await database.current.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
  return user;
}

async function askForLink(email: string, ip = freshIp()) {
  return postAuth({ intent: "sign-in-link", email }, { ip });
}

async function toastOf(response: { headers: Headers }) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

function useLink(token: string, ip = freshIp()) {
  return app(
    pageRequest("/auth/sign-in-link", "", {
      method: "POST",
      body: new URLSearchParams({ token }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
    }),
  );
}

function sessionCookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .filter((c) => c.includes("session_token"))
    .map((c) => c.split(";")[0])
    .join("; ");
}

test("any address gets the same answer; only an active, confirmed customer account is mailed", async () => {
  await customer("known@example.nz");
  await customer("unconfirmed@example.nz", { confirmed: false });
  await createUser({ email: "staff-link@example.nz", name: "Staff", role: "sales", password: PASSWORD });
  const answers = [];
  for (const email of [
    "known@example.nz",
    "nobody@example.nz",
    "unconfirmed@example.nz",
    "staff-link@example.nz",
  ]) {
    const answer = await askForLink(email);
    answers.push({ status: answer.status, location: answer.location, toast: await toastOf(answer) });
  }
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  expect(answers[0]).toMatchObject({ status: 302, location: "/auth?with=link" });
  expect(answers[0]?.toast?.description).toBe(
    "If this address has a customer account, a sign-in link is on its way. It works once, for 15 minutes.",
  );
  expect(await linkMails("known@example.nz")).toHaveLength(1);
  expect(await linkMails("nobody@example.nz")).toHaveLength(0);
  expect(await linkMails("unconfirmed@example.nz")).toHaveLength(0);
  expect(await linkMails("staff-link@example.nz")).toHaveLength(0);
  // The token is stored hashed: the one in the mail is not in the database.
  const [mail] = await linkMails("known@example.nz");
  const token = tokenIn(mail?.textBody ?? "");
  const stored = await database.current.db
    .select()
    .from(verifications)
    .where(like(verifications.identifier, "magic-link:%"));
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.some((row) => row.identifier.includes(token))).toBe(false);
});

test("opening the link signs nobody in; pressing Sign in does, once, and lands on the account", async () => {
  const email = "once@example.nz";
  await customer(email);
  await askForLink(email);
  const [mail] = await linkMails(email);
  const token = tokenIn(mail?.textBody ?? "");

  const opened = await app(pageRequest(`/auth/sign-in-link?token=${token}`));
  expect(opened.status).toBe(200);
  expect(sessionCookieOf(opened)).toBe("");
  expect(await opened.text()).toContain("Press Sign in to finish signing in on this device.");

  const used = await useLink(token);
  expect(used.status).toBe(302);
  expect(used.headers.get("Location")).toBe("/account");
  const cookie = sessionCookieOf(used);
  expect(cookie).not.toBe("");
  const account = await app(pageRequest("/account", cookie));
  expect(account.status).toBe(200);
  expect(await account.text()).toContain("You sign in as once@example.nz");

  const again = await useLink(token);
  expect(again.status).toBe(400);
  expect(sessionCookieOf(again)).toBe("");
  expect(await again.text()).toContain(
    "This sign-in link has expired or has been used. Please ask for a new one.",
  );
});

test("a link past its 15 minutes, a forged one and one for a since-deactivated account sign nobody in", async () => {
  const email = "late@example.nz";
  const user = await customer(email);
  await askForLink(email);
  await database.current.db
    .update(verifications)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(like(verifications.identifier, "magic-link:%"));
  const [late] = await linkMails(email);
  const expired = await useLink(tokenIn(late?.textBody ?? ""));
  expect(expired.status).toBe(400);
  expect(sessionCookieOf(expired)).toBe("");

  const forged = await useLink("A".repeat(32));
  expect(forged.status).toBe(400);
  const hostile = await useLink("'; drop table users; --");
  expect(hostile.status).toBe(400);

  await askForLink(email);
  const mails = await linkMails(email);
  await database.current.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
  const deactivated = await useLink(tokenIn(mails.at(-1)?.textBody ?? ""));
  expect(deactivated.status).toBe(400);
  expect(sessionCookieOf(deactivated)).toBe("");
});

test("links are limited per e-mail (3 an hour) and per client address (10 an hour), known or not", async () => {
  const email = "limited@example.nz";
  await customer(email);
  for (let i = 0; i < 3; i++) expect((await askForLink(email)).status).toBe(302);
  const fourth = await askForLink(email);
  expect(fourth.status).toBe(429);
  expect(fourth.failure).toMatch(
    /^Too many requests for a sign-in link\. Please try again in \d+ minutes?\.$/,
  );
  expect(fourth.headers.get("Retry-After")).toMatch(/^\d+$/);
  expect(await linkMails(email)).toHaveLength(3);
  // The same for an address without an account: being refused says nothing about it.
  for (let i = 0; i < 3; i++) expect((await askForLink("ghost@example.nz")).status).toBe(302);
  expect((await askForLink("ghost@example.nz")).status).toBe(429);

  const ip = freshIp();
  for (let i = 0; i < 10; i++) expect((await askForLink(`spray${i}@example.nz`, ip)).status).toBe(302);
  expect((await askForLink("spray-last@example.nz", ip)).status).toBe(429);
});

test("a customer's password sign-in lands on the account; /auth then says Access Limited, with a link to it", async () => {
  const email = "password@example.nz";
  await customer(email);
  const signedIn = await postAuth({ intent: "sign-in", email, password: PASSWORD });
  expect(signedIn.location).toBe("/account");
  const auth = await (await app(pageRequest("/auth", signedIn.cookie))).text();
  expect(auth).toContain("Access Limited");
  expect(auth).toContain('href="/account"');
  // A customer sent to sign in from a staff page still lands on their account.
  const fromAdmin = await postAuth({
    intent: "sign-in",
    email,
    password: PASSWORD,
    redirectTo: "/admin/users",
  });
  expect(fromAdmin.location).toBe("/account");
  const fromCatalog = await postAuth({
    intent: "sign-in",
    email,
    password: PASSWORD,
    redirectTo: "/catalog",
  });
  expect(fromCatalog.location).toBe("/catalog");
  expect(
    await database.current.db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, "user"))),
  ).toHaveLength(1);
});
