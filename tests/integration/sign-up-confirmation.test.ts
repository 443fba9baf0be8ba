// Sign-up with e-mail and password and an e-mail confirmation: the account is created without a
// session, a confirmation link goes out through the mail outbox, the account cannot sign in until
// the link is opened, and the link confirms the address and lands on the site root. Sign-up has
// its own texts ("Account created", "Sign Up Failed"), not the sign-in ones. Signing in before
// confirming offers a new link, which anyone may ask for without learning whether an address has
// an account, a limited number of times.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { mailOutbox, users } from "~/server/db/schema";
import { drainOutbox } from "~/server/mail/outbox.server";
import { readToast } from "~/server/toast.server";
import { pageRequest } from "../support/access";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { useSmtpServer } from "./mail-support";
import { freshIp, postAuth, signInFields } from "./sign-in-support";

const database = useTestDatabase();
const app = createAppHandler();
const PASSWORD = "a-fine-long-password";

const mail = useSmtpServer();

function signUpFields(email: string, password = PASSWORD) {
  return { intent: "sign-up", name: "Aroha Builder", email, password };
}

async function toastIn(response: { headers: Headers }) {
  const pairs = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readToast(new Request("http://localhost/", { headers: { cookie: pairs } }))).toast;
}

async function confirmationMail(email: string) {
  return database.current.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "account_confirmation"))
    .then((rows) => rows.filter((row) => row.recipients.includes(email)));
}

function linkIn(text: string) {
  const link = /http:\/\/localhost:\d+(\/auth\/confirm-email\?token=[\w.%-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no confirmation link in: ${text}`);
  return link;
}

test("sign-up creates an account without a session, says so, and mails a confirmation link", async () => {
  const email = "aroha@example.nz";
  const answer = await postAuth(signUpFields(email));
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/auth");
  expect(answer.cookie).toBe("");
  expect(await toastIn(answer)).toEqual({
    type: "success",
    title: "Account created",
    description: "Check your e-mail to confirm your address.",
  });

  const [row] = await database.current.db.select().from(users).where(eq(users.email, email));
  expect(row).toMatchObject({ role: "user", emailVerified: false, isActive: true });
  const queued = await confirmationMail(email);
  expect(queued).toHaveLength(1);
  expect(queued[0]?.subject).toBe("Confirm your e-mail address for Trade Counter");

  mail.smtp.received.length = 0;
  await drainOutbox({ transport: mail.transport });
  const sent = mail.smtp.received.find((mail) => mail.to.includes(email));
  expect(sent?.subject).toBe("Confirm your e-mail address for Trade Counter");
  expect(linkIn(sent?.text ?? "")).toMatch(/^\/auth\/confirm-email\?token=/);
});

test("the account signs in only once the link is opened; the link lands on the site root", async () => {
  const email = "mere@example.nz";
  await postAuth(signUpFields(email));

  const early = await postAuth(signInFields(email, PASSWORD));
  expect(early.status).toBeGreaterThanOrEqual(400);
  expect(early.failure).toBe("Email not verified");
  expect(early.cookie).toBe("");
  // Signing in mails nothing by itself: a new link is offered instead (the test below).
  const links = await confirmationMail(email);
  expect(links).toHaveLength(1);

  const opened = await app(pageRequest(linkIn(links[0]?.textBody ?? "")));
  expect(opened.status).toBe(302);
  expect(opened.headers.get("Location")).toBe("/");
  expect((await toastIn(opened))?.title).toBe("E-mail address confirmed");
  const [row] = await database.current.db.select().from(users).where(eq(users.email, email));
  expect(row?.emailVerified).toBe(true);
  expect(opened.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);

  const now = await postAuth(signInFields(email, PASSWORD));
  expect(now.status).toBe(302);
  expect(now.location).toBe("/account");
  expect(now.cookie).not.toBe("");
  expect((await toastIn(now))?.title).toBe("Welcome back!");
});

test("a forged or broken confirmation link confirms nothing and goes to the sign-in page", async () => {
  const email = "tama@example.nz";
  await postAuth(signUpFields(email));
  for (const token of ["forged", "a.b.c", "x".repeat(5000), ""]) {
    const opened = await app(pageRequest(`/auth/confirm-email?token=${token}`));
    expect(opened.status, token.slice(0, 10)).toBe(302);
    expect(opened.headers.get("Location")).toBe("/auth");
    expect((await toastIn(opened))?.title).toBe("This confirmation link does not work");
  }
  const [row] = await database.current.db.select().from(users).where(eq(users.email, email));
  expect(row?.emailVerified).toBe(false);
});

test("signing up with an address already taken answers the same, and mails nothing", async () => {
  const email = "taken@example.nz";
  await postAuth(signUpFields(email));
  const again = await postAuth(signUpFields(email, "another-long-password"));
  expect(again.status).toBe(302);
  expect(again.location).toBe("/auth");
  expect(await confirmationMail(email)).toHaveLength(1);
});

test("a refused sign-up is titled Sign Up Failed, a refused sign-in Sign In Failed", async () => {
  const signUp = await app(
    pageRequest("/auth", "", {
      method: "POST",
      body: new URLSearchParams(signUpFields("kiri@example.nz", "superman")),
    }),
  );
  expect(signUp.status).toBe(400);
  const html = await signUp.text();
  expect(html).toContain("Sign Up Failed: This password is too common");
  expect(html).not.toContain("Sign In Failed");

  const signIn = await app(
    pageRequest("/auth", "", {
      method: "POST",
      body: new URLSearchParams(signInFields("kiri@example.nz", "nope")),
    }),
  );
  expect(signIn.status).toBe(400);
  expect(await signIn.text()).toContain("Sign In Failed: Invalid email or password");
});

function resendFields(email: string) {
  return { intent: "resend-confirmation", email };
}

test("signing in before confirming says Email not verified and offers a new link, which works, without JavaScript too", async () => {
  const email = "hine@example.nz";
  await postAuth(signUpFields(email));
  const early = await postAuth(signInFields(email, PASSWORD));
  expect(early.failure).toBe("Email not verified");
  expect(early.unconfirmedEmail).toBe(email);
  // The page as a browser without JavaScript gets it: the message and a form that asks again.
  const page = await app(
    pageRequest("/auth", "", { method: "POST", body: new URLSearchParams(signInFields(email, PASSWORD)) }),
  );
  const html = await page.text();
  expect(html).toContain("Sign In Failed: Email not verified");
  expect(html).toContain("Your e-mail address is not confirmed yet.");
  expect(html).toMatch(/<input type="hidden" name="intent" value="resend-confirmation"\/>/);
  expect(html).toContain(`name="email" value="${email}"`);
  expect(html).toContain("Send a new confirmation link");
  // A wrong password is offered nothing.
  const wrong = await postAuth(signInFields(email, "not-the-password"));
  expect(wrong.failure).toBe("Invalid email or password");
  expect(wrong.unconfirmedEmail).toBeNull();

  const asked = await app(
    pageRequest("/auth", "", { method: "POST", body: new URLSearchParams(resendFields(email)) }),
  );
  expect(asked.status).toBe(302);
  expect(asked.headers.get("Location")).toBe("/auth");
  expect(await toastIn(asked)).toEqual({
    type: "success",
    title: "Check your e-mail",
    description:
      "If this address has an account waiting for confirmation, a new link is on its way. It works for 24 hours.",
  });
  // Where the redirect lands, the message is in the page for a browser without JavaScript.
  const flash = asked.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(await (await app(pageRequest("/auth", flash))).text()).toContain("a new link is on its way");

  const links = await confirmationMail(email);
  expect(links).toHaveLength(2);
  const opened = await app(pageRequest(linkIn(links[1]?.textBody ?? "")));
  expect(opened.headers.get("Location")).toBe("/");
  const now = await postAuth(signInFields(email, PASSWORD));
  expect(now.status).toBe(302);
  expect(now.cookie).not.toBe("");
});

test("asking for a new link answers the same for an unconfirmed account, a confirmed one and no account; only the first is mailed", async () => {
  const waiting = "wiremu@example.nz";
  const confirmed = "anahera@example.nz";
  await postAuth(signUpFields(waiting));
  await postAuth(signUpFields(confirmed));
  const [first] = await confirmationMail(confirmed);
  await app(pageRequest(linkIn(first?.textBody ?? "")));
  const answers = [];
  for (const email of [waiting, confirmed, "nobody-here@example.nz", "not an address"]) {
    const answer = await postAuth(resendFields(email));
    answers.push({ status: answer.status, location: answer.location, toast: await toastIn(answer) });
  }
  for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  expect(answers[0]?.status).toBe(302);
  expect(await confirmationMail(waiting)).toHaveLength(2);
  expect(await confirmationMail(confirmed)).toHaveLength(1);
  expect(await confirmationMail("nobody-here@example.nz")).toHaveLength(0);
});

test("new links are limited to 3 an hour per e-mail address, with or without an account, and 10 per client address", async () => {
  const email = "rawiri@example.nz";
  await postAuth(signUpFields(email));
  for (const address of [email, "no-account@example.nz"]) {
    for (let i = 0; i < 3; i += 1) expect((await postAuth(resendFields(address))).status).toBe(302);
    const refused = await postAuth(resendFields(address));
    expect(refused.status, address).toBe(429);
    expect(refused.failure).toMatch(
      /^Too many requests for a new confirmation link\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  }
  // Sign-up's link and the three asked for; the fourth was not sent.
  expect(await confirmationMail(email)).toHaveLength(4);

  const ip = freshIp();
  for (let i = 0; i < 10; i += 1)
    expect((await postAuth(resendFields(`spray-${i}@example.nz`), { ip })).status).toBe(302);
  expect((await postAuth(resendFields("spray-10@example.nz"), { ip })).status).toBe(429);
  expect((await postAuth(resendFields("spray-10@example.nz"))).status).toBe(302);
});
