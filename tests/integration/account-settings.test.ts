// A customer's sign-in and privacy settings, through the app as a browser sends them: moving the
// account to a new address (only once that address confirms it; an address taken is answered the
// same and mailed nothing), signing out other devices (never another person's), their data (all
// of theirs, nothing of anyone else's), and deleting the account (jobs go, enquiries and quotes
// stay with the trader, detached).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import {
  contactQueries,
  jobItems,
  jobs,
  mailOutbox,
  products,
  quotes,
  sessions,
  users,
} from "~/server/db/schema";
import { pageRequest } from "../support/access";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { draftQuoteFor, quoteStaff, sendAs } from "../support/quotes";
import { createUser } from "../support/users";
import { PASSWORD, postAuth } from "./sign-in-support";

const database = useTestDatabase();
const app = createAppHandler();

let made = 0;
/** A confirmed customer account, signed in once (a session cookie for a browser of their own). */
async function customer(userAgent = "Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36") {
  made += 1;
  const email = `builder${made}@example.nz`;
  const user = await createUser({ email, name: `Builder ${made}`, role: "user", password: PASSWORD });
  const cookie = await signIn(email, userAgent);
  return { ...user, email, cookie };
}

async function signIn(email: string, userAgent: string) {
  const answer = await app(
    pageRequest("/auth", "", {
      method: "POST",
      headers: { "User-Agent": userAgent, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-in", email, password: PASSWORD }),
    }),
  );
  const cookie = answer.headers
    .getSetCookie()
    .filter((c) => c.includes("session_token"))
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`no session for ${email}: ${answer.status}`);
  return cookie;
}

function post(cookie: string, fields: Record<string, string>, path = "/account/settings") {
  return app(
    pageRequest(path, cookie, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  );
}

async function mailsTo(email: string, kind: "email_change" | "account_confirmation") {
  const rows = await database.current.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
  return rows.filter((row) => row.recipients.includes(email));
}

test("a new e-mail address is used only once the link mailed to it is opened", async () => {
  const hemi = await customer();
  const asked = await post(hemi.cookie, { intent: "change-email", newEmail: "Hemi.New@Example.nz" });
  expect(asked.status).toBe(302);
  expect(asked.headers.get("Location")).toBe("/account/settings");
  const [row] = await database.current.db.select().from(users).where(eq(users.id, hemi.id));
  expect(row?.email).toBe(hemi.email);

  const [mail] = await mailsTo("hemi.new@example.nz", "email_change");
  expect(mail?.subject).toBe("Confirm your new e-mail address for Trade Counter");
  const link = /http:\/\/localhost:\d+(\/auth\/confirm-email\?token=[\w.%-]+)/.exec(
    mail?.textBody ?? "",
  )?.[1];
  expect(link).toBeDefined();
  const opened = await app(pageRequest(link as string));
  expect(opened.status).toBe(302);
  expect(opened.headers.get("Location")).toBe("/account/settings");
  const [moved] = await database.current.db.select().from(users).where(eq(users.id, hemi.id));
  expect(moved).toMatchObject({ email: "hemi.new@example.nz", emailVerified: true });
  // The old address signs nobody in; the new one does.
  expect((await postAuth({ intent: "sign-in", email: hemi.email, password: PASSWORD })).status).toBe(400);
  expect(
    (await postAuth({ intent: "sign-in", email: "hemi.new@example.nz", password: PASSWORD })).location,
  ).toBe("/account");
  // Opened again, the link moves nothing.
  expect((await app(pageRequest(link as string))).headers.get("Location")).toBe("/auth");
});

test("an address another account has gets the same answer and no mail; bad input is a 400", async () => {
  const a = await customer();
  const b = await customer();
  const taken = await post(a.cookie, { intent: "change-email", newEmail: b.email });
  expect(taken.status).toBe(302);
  expect(await mailsTo(b.email, "email_change")).toHaveLength(0);
  for (const newEmail of ["", "not-an-address", `${"x".repeat(250)}@example.nz`]) {
    const refused = await post(a.cookie, { intent: "change-email", newEmail });
    expect(refused.status, newEmail.slice(0, 20)).toBe(400);
  }
  const same = await post(a.cookie, { intent: "change-email", newEmail: a.email.toUpperCase() });
  expect(same.status).toBe(400);
  expect(await same.text()).toContain("That is already the address you sign in with.");
});

test("a customer sees where they are signed in and signs out another device, never someone else's", async () => {
  const mere = await customer("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1");
  const laptop = await signIn(mere.email, "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/130.0");
  const other = await customer();
  const page = await (await app(pageRequest("/account/settings", laptop))).text();
  expect(page).toContain("Firefox on Mac (this device)");
  expect(page).toContain("Safari on iPhone or iPad");

  const theirs = await database.current.db.select().from(sessions).where(eq(sessions.userId, other.id));
  const refused = await post(laptop, { intent: "end-session", id: theirs[0]?.id ?? "" });
  expect(refused.status).toBe(400);
  expect(await database.current.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(
    1,
  );

  const mine = await database.current.db.select().from(sessions).where(eq(sessions.userId, mere.id));
  expect(mine).toHaveLength(2);
  const ended = await post(laptop, { intent: "end-other-sessions" });
  expect(ended.status).toBe(302);
  const left = await database.current.db.select().from(sessions).where(eq(sessions.userId, mere.id));
  expect(left).toHaveLength(1);
  expect((await app(pageRequest("/account", mere.cookie))).status).toBe(302);
  expect((await app(pageRequest("/account", laptop))).status).toBe(200);
});

async function jobWithLine(userId: string, name: string) {
  const [product] = await database.current.db
    .insert(products)
    .values({
      name: `Product for ${name}`,
      slug: `product-${name.toLowerCase().replaceAll(" ", "-")}`,
      description: "x",
    })
    .returning();
  const [job] = await database.current.db
    .insert(jobs)
    .values({ userId, name, siteAddress: "12 Kauri Street, Ponsonby" })
    .returning();
  await database.current.db
    .insert(jobItems)
    .values({ jobId: job?.id as string, productId: product?.id as string, quantity: 4 });
  return job;
}

test("the data export holds the customer's account, jobs, enquiries and quotes, and nothing of anyone else", async () => {
  const tui = await customer();
  const other = await customer();
  await jobWithLine(tui.id, "Tui House");
  await jobWithLine(other.id, "Other House");
  const staff = await quoteStaff();
  const mine = await draftQuoteFor(database.current.db, staff, {
    fields: { customerEmail: tui.email.toUpperCase() },
  });
  await sendAs(staff, mine.draft.id);
  const theirs = await draftQuoteFor(database.current.db, staff, { fields: { customerEmail: other.email } });
  await sendAs(staff, theirs.draft.id);
  await database.current.db
    .update(contactQueries)
    .set({ userId: tui.id, jobName: "Tui House", jobSiteAddress: "12 Kauri Street, Ponsonby" })
    .where(eq(contactQueries.id, mine.enquiry.id));

  const download = await app(pageRequest("/account/data.json", tui.cookie));
  expect(download.status).toBe(200);
  expect(download.headers.get("Content-Disposition")).toContain("attachment");
  const text = await download.text();
  const data = JSON.parse(text);
  expect(data.account.email).toBe(tui.email);
  expect(data.jobs.map((job: { name: string }) => job.name)).toEqual(["Tui House"]);
  expect(data.jobs[0].list).toEqual([{ product: "Product for Tui House", quantity: 4, note: null }]);
  expect(data.enquiries).toHaveLength(1);
  expect(data.enquiries[0].job).toEqual({ name: "Tui House", siteAddress: "12 Kauri Street, Ponsonby" });
  expect(data.quotes).toHaveLength(1);
  for (const foreign of [other.email, "Other House", theirs.enquiry.email])
    expect(text).not.toContain(foreign);

  const page = await (await app(pageRequest("/account/data", tui.cookie))).text();
  expect(page).toContain("Tui House");
  expect(page).not.toContain("Other House");
  expect((await app(pageRequest("/account/data.json"))).status).toBe(302);
});

test("deleting the account needs the address typed; then the jobs go and the enquiries and quotes stay, detached", async () => {
  const kiri = await customer();
  await jobWithLine(kiri.id, "Kiri House");
  const staff = await quoteStaff();
  const quote = await draftQuoteFor(database.current.db, staff, { fields: { customerEmail: kiri.email } });
  await sendAs(staff, quote.draft.id);
  await database.current.db
    .update(contactQueries)
    .set({ userId: kiri.id })
    .where(eq(contactQueries.id, quote.enquiry.id));

  const wrong = await post(kiri.cookie, { intent: "delete-account", confirmEmail: "someone@else.nz" });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Type your e-mail address exactly as shown to confirm.");
  expect(await database.current.db.select().from(users).where(eq(users.id, kiri.id))).toHaveLength(1);

  const deleted = await post(kiri.cookie, {
    intent: "delete-account",
    confirmEmail: kiri.email.toUpperCase(),
  });
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("Location")).toBe("/");
  expect(deleted.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /Max-Age=0/i.test(c))).toBe(
    true,
  );
  expect(await database.current.db.select().from(users).where(eq(users.id, kiri.id))).toHaveLength(0);
  expect(await database.current.db.select().from(jobs).where(eq(jobs.userId, kiri.id))).toHaveLength(0);
  const [enquiry] = await database.current.db
    .select()
    .from(contactQueries)
    .where(eq(contactQueries.id, quote.enquiry.id));
  expect(enquiry?.userId).toBeNull();
  expect(await database.current.db.select().from(quotes).where(eq(quotes.id, quote.draft.id))).toHaveLength(
    1,
  );
  expect((await app(pageRequest("/account", kiri.cookie))).status).toBe(302);
  expect(await mailsTo(kiri.email, "account_confirmation")).toHaveLength(0);
});
