// A signed-in customer's quotes (/account/quotes, /account/quotes/:id, its PDF and its answers):
// the quotes sent to the account's confirmed address (whatever its case) and no other, one per
// enquiry (its latest revision sent); the same 404 for another customer's quote, a draft, an id
// that is not one, and every quote of an unconfirmed account; an answer from the account writes
// what the same answer through the link writes; the link keeps working; and asking for a new
// quote prefills the contact form with the quote's lines for its owner only.
import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import * as accountOverview from "~/routes/account/overview";
import * as accountQuote from "~/routes/account/quote";
import * as accountQuotes from "~/routes/account/quotes";
import * as contactPage from "~/routes/public/contact";
import * as accountPdf from "~/routes/resources/account-quote-pdf";
import { signInWithPassword } from "~/server/auth/session.server";
import { contactQueries, mailOutbox, quoteEvents, quotes, users } from "~/server/db/schema";
import { settle } from "../support/admin-action";
import { createAppHandler, routeContext } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { draftQuoteFor, openDraftAs, quoteStaff, saveDraftAs, sendAs } from "../support/quotes";
import { createUser } from "../support/users";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

const PASSWORD = "correct-horse-battery-staple";
const unique = () => crypto.randomBytes(4).toString("hex");

/** A customer account (confirmed unless told) and its session cookie. */
async function customer({ confirmed = true } = {}) {
  const email = `hemi-${unique()}@example.nz`;
  const user = await createUser({ email, name: "Hemi Walker", role: "user", password: PASSWORD });
  const signedIn = await signInWithPassword(
    new Request("http://localhost/auth", { method: "POST" }),
    email,
    PASSWORD,
  );
  if (!signedIn.ok) throw new Error(signedIn.message);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!confirmed) await db().update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
  return { id: user.id, email, cookie };
}

/** A quote sent to `email` (one line, 3 × $19.99), with the link's token. */
async function sentTo(email: string, { days = 30 } = {}) {
  const staff = await quoteStaff();
  const { enquiry, draft } = await draftQuoteFor(db(), staff, { days, fields: { customerEmail: email } });
  const { token } = await sendAs(staff, draft.id);
  return { staff, enquiry, id: draft.id, number: draft.number, token };
}

function get(loader: (args: never) => unknown, path: string, cookie: string, params = {}) {
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  return settle(() => loader({ request, params, context: routeContext() } as never));
}

function post(id: string, cookie: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost/account/quotes/${id}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  return settle(() => accountQuote.action({ request, params: { id }, context: routeContext() } as never));
}

const listOf = async (cookie: string) =>
  (
    (await get(accountQuotes.loader, "/account/quotes", cookie)).body as {
      quotes: { id: string; state: string }[];
    }
  ).quotes;

async function stored(id: string) {
  const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new Error("gone");
  return row;
}

async function history(id: string) {
  return db()
    .select({ kind: quoteEvents.kind, actorName: quoteEvents.actorName, note: quoteEvents.note })
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, id))
    .orderBy(asc(quoteEvents.createdAt));
}

async function mailFor(enquiryId: string, number: string) {
  const rows = await db()
    .select({ subject: mailOutbox.subject, recipients: mailOutbox.recipients, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.enquiryId, enquiryId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.subject));
  return rows.map((row) => ({ ...row, subject: row.subject.replace(number, "N") }));
}

const ACCEPT = { intent: "accept", name: "Hemi Walker", purchaseOrder: "PO-42", acceptTerms: "on" };

test("the list holds the quotes sent to the confirmed address, whatever its case, one per enquiry, newest first; no draft and no one else's", async () => {
  const hemi = await customer();
  const first = await sentTo(hemi.email.toUpperCase());
  const second = await sentTo(hemi.email);
  const someoneElse = await sentTo(`other-${unique()}@example.nz`);
  // A draft to the same address is not theirs to see.
  const staff = await quoteStaff();
  const { draft } = await draftQuoteFor(db(), staff, { fields: { customerEmail: hemi.email } });
  // A revision sent replaces the first: only the latest is listed.
  const revision = await openDraftAs(first.staff, first.enquiry.id);
  await saveDraftAs(
    first.staff,
    revision.id,
    quoteDraftSchema.parse({
      customerName: "Hemi Walker",
      customerEmail: hemi.email,
      validUntil: nzDatePlusDays(30),
      lines: [{ description: "Plywood 17mm", quantityMilli: "2", unitPriceCents: "29.99" }],
    }),
  );
  await sendAs(first.staff, revision.id);

  const listed = await listOf(hemi.cookie);
  expect(listed.map((quote) => quote.id)).toEqual([revision.id, second.id]);
  expect(listed.map((quote) => quote.state)).toEqual(["open", "open"]);
  for (const hidden of [first.id, someoneElse.id, draft.id])
    expect(listed.map((q) => q.id)).not.toContain(hidden);
  // The superseded revision is still theirs to open, and reads as replaced.
  const old = await get(accountQuote.loader, `/account/quotes/${first.id}`, hemi.cookie, { id: first.id });
  expect(old.status).toBe(200);
  expect((old.body as { quote: { state: { kind: string } } }).quote.state.kind).toBe("superseded");

  // The overview counts the open ones.
  const overview = await get(accountOverview.loader, "/account", hemi.cookie);
  expect((overview.body as { quotes: unknown }).quotes).toEqual({ open: 2, total: 2 });
});

test("an unconfirmed account sees none of the quotes sent to its address: empty list, 404 on page, PDF and answers", async () => {
  const hemi = await customer({ confirmed: false });
  const sent = await sentTo(hemi.email);
  expect(await listOf(hemi.cookie)).toEqual([]);
  const page = await get(accountQuote.loader, `/account/quotes/${sent.id}`, hemi.cookie, { id: sent.id });
  expect(page.status).toBe(404);
  const pdf = await get(accountPdf.loader, `/account/quotes/${sent.id}/pdf`, hemi.cookie, { id: sent.id });
  expect(pdf.status).toBe(404);
  expect((await post(sent.id, hemi.cookie, ACCEPT)).status).toBe(404);
  expect((await stored(sent.id)).status).toBe("sent");
});

test("another customer's quote, a draft, and an id that is no uuid are 404 on the page, the PDF and every intent, and nothing is written", async () => {
  const hemi = await customer();
  const other = await sentTo(`other-${unique()}@example.nz`);
  const staff = await quoteStaff();
  const { draft } = await draftQuoteFor(db(), staff, { fields: { customerEmail: hemi.email } });
  const before = await history(other.id);
  const intents: Record<string, string>[] = [
    ACCEPT,
    { intent: "changes", message: "Please make it twenty sheets." },
    { intent: "decline", reason: "price" },
  ];
  for (const id of [other.id, draft.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    const page = await get(accountQuote.loader, `/account/quotes/${id}`, hemi.cookie, { id });
    expect(page.status, `page ${id}`).toBe(404);
    expect(JSON.stringify(page.body ?? null)).not.toContain(other.number);
    const pdf = await get(accountPdf.loader, `/account/quotes/${id}/pdf`, hemi.cookie, { id });
    expect(pdf.status, `pdf ${id}`).toBe(404);
    for (const fields of intents)
      expect((await post(id, hemi.cookie, fields)).status, `${fields.intent} ${id}`).toBe(404);
  }
  expect((await stored(other.id)).status).toBe("sent");
  expect((await stored(draft.id)).status).toBe("draft");
  expect(await history(other.id)).toEqual(before);
});

test("the account's own quote: shown as the link shows it (and marked viewed), its PDF served, bad answers refused with the link's messages", async () => {
  const hemi = await customer();
  const sent = await sentTo(hemi.email);
  const page = await get(accountQuote.loader, `/account/quotes/${sent.id}`, hemi.cookie, { id: sent.id });
  expect(page.status).toBe(200);
  const quote = (page.body as { quote: { number: string; state: { kind: string }; totalCents: number } })
    .quote;
  expect(quote).toMatchObject({ number: sent.number, state: { kind: "open" } });
  expect((await stored(sent.id)).status).toBe("viewed");

  const pdf = await accountPdf
    .loader({
      request: new Request(`http://localhost/account/quotes/${sent.id}/pdf`, {
        headers: { cookie: hemi.cookie },
      }),
      params: { id: sent.id },
      context: routeContext(),
    } as never)
    .then((response) => response as Response);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  const bad = await post(sent.id, hemi.cookie, { intent: "accept", purchaseOrder: "PO-1" });
  expect(bad.status).toBe(400);
  const errors = (bad.body as { result: { error: Record<string, string[]> } }).result.error;
  expect(errors.name).toEqual(["Name is required"]);
  expect(errors.acceptTerms).toEqual(["Please accept the terms to continue"]);
  expect((await stored(sent.id)).status).toBe("viewed");
});

test("accepting from the account writes what accepting through the link writes; the link then shows it accepted", async () => {
  const hemi = await customer();
  const throughLink = await sentTo(hemi.email);
  const fromAccount = await sentTo(hemi.email);
  // Both opened by their customer first, one each way.
  await app(new Request(`http://localhost/quote/${throughLink.token}`));
  await get(accountQuote.loader, `/account/quotes/${fromAccount.id}`, hemi.cookie, { id: fromAccount.id });

  const linked = await app(
    new Request(`http://localhost/quote/${throughLink.token}`, {
      method: "POST",
      body: new URLSearchParams(ACCEPT),
    }),
  );
  expect(linked.status).toBe(303);
  const answered = await post(fromAccount.id, hemi.cookie, ACCEPT);
  expect(answered.status).toBe(303);
  expect(answered.location).toBe(`/account/quotes/${fromAccount.id}`);

  const pick = (row: typeof quotes.$inferSelect) => ({
    status: row.status,
    acceptedBy: row.acceptedBy,
    purchaseOrder: row.purchaseOrder,
    declineReason: row.declineReason,
    answerMessage: row.answerMessage,
  });
  expect(pick(await stored(fromAccount.id))).toEqual(pick(await stored(throughLink.id)));
  expect(pick(await stored(fromAccount.id))).toMatchObject({ status: "accepted", acceptedBy: "Hemi Walker" });
  // The quote's history names the customer, as through the link.
  expect(await history(fromAccount.id)).toEqual(await history(throughLink.id));
  expect((await history(fromAccount.id)).at(-1)).toEqual({
    kind: "accepted",
    actorName: "Customer: Hemi Walker",
    note: "Purchase order PO-42",
  });
  const enquiryOf = async (id: string) =>
    (
      await db()
        .select({ status: contactQueries.status })
        .from(contactQueries)
        .where(eq(contactQueries.id, id))
    )[0]?.status;
  expect(await enquiryOf(fromAccount.enquiry.id)).toBe("Won");
  // The same mail: staff told, the customer's copy.
  const mail = await mailFor(fromAccount.enquiry.id, fromAccount.number);
  expect(mail).toEqual(await mailFor(throughLink.enquiry.id, throughLink.number));
  expect(mail.some((row) => row.recipients.includes(hemi.email))).toBe(true);

  // The link to the quote answered in the account shows it accepted.
  const linkPage = await (await app(new Request(`http://localhost/quote/${fromAccount.token}`))).text();
  expect(linkPage).toContain("You accepted this quote on");
  // And a second answer from the account is refused: the quote closed.
  const again = await post(fromAccount.id, hemi.cookie, { intent: "decline", reason: "price" });
  expect(again.status).toBe(409);
  expect((await stored(fromAccount.id)).status).toBe("accepted");
});

test("through the app without JavaScript: the page, a refused answer (400) and an accepted one (303), never page-cached", async () => {
  const hemi = await customer();
  const sent = await sentTo(hemi.email);
  const list = await app(
    new Request("http://localhost/account/quotes", { headers: { cookie: hemi.cookie } }),
  );
  expect(list.status).toBe(200);
  const listHtml = await list.text();
  expect(listHtml).toContain(sent.number);
  expect(listHtml).toContain("$68.97");
  expect(listHtml).toContain(`href="/account/quotes/${sent.id}"`);

  const page = await app(
    new Request(`http://localhost/account/quotes/${sent.id}`, { headers: { cookie: hemi.cookie } }),
  );
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Accept Quote");
  expect(html).toContain(`href="/account/quotes/${sent.id}/pdf"`);

  const postPage = (fields: Record<string, string>) =>
    app(
      new Request(`http://localhost/account/quotes/${sent.id}`, {
        method: "POST",
        headers: { cookie: hemi.cookie },
        body: new URLSearchParams(fields),
      }),
    );
  const bad = await postPage({ intent: "accept", purchaseOrder: "PO-9" });
  expect(bad.status).toBe(400);
  const badHtml = await bad.text();
  expect(badHtml).toContain("Name is required");
  expect(badHtml).toContain('value="PO-9"');
  const good = await postPage(ACCEPT);
  expect(good.status).toBe(303);
  const after = await (
    await app(new Request(`http://localhost/account/quotes/${sent.id}`, { headers: { cookie: hemi.cookie } }))
  ).text();
  expect(after).toContain("You accepted this quote on");
  expect(after).not.toContain("Accept Quote");

  // Another customer's quote is the bare 404 page.
  const other = await sentTo(`other-${unique()}@example.nz`);
  const missing = await app(
    new Request(`http://localhost/account/quotes/${other.id}`, { headers: { cookie: hemi.cookie } }),
  );
  expect(missing.status).toBe(404);
  expect(await missing.text()).not.toContain(other.number);
});

test("asking for a new quote like an expired one prefills the contact form with its lines and the account's details, for its owner only", async () => {
  const hemi = await customer();
  const expired = await sentTo(hemi.email, { days: 30 });
  await db()
    .update(quotes)
    .set({ validUntil: nzDatePlusDays(-1) })
    .where(eq(quotes.id, expired.id));
  const page = await (
    await app(
      new Request(`http://localhost/account/quotes/${expired.id}`, { headers: { cookie: hemi.cookie } }),
    )
  ).text();
  expect(page).toContain("This quote expired on");
  expect(page).toContain(`href="/contact?from-quote=${expired.id}"`);

  const path = `/contact?from-quote=${expired.id}`;
  const owner = (await get(contactPage.loader, path, hemi.cookie)).body as Record<string, unknown>;
  expect(owner.message).toBe(
    `Please send me a new quote for ${expired.number}, with these lines:\n- 3 × Plywood 12mm`,
  );
  expect(owner.defaultSubject).toBe("Quote Request");
  expect(owner.person).toEqual({ fullName: "Hemi Walker", email: hemi.email, phone: "" });
  const html = await (
    await app(new Request(`http://localhost${path}`, { headers: { cookie: hemi.cookie } }))
  ).text();
  expect(html).toContain(`value="${hemi.email}"`);
  expect(html).toContain(`new quote for ${expired.number}`);

  // Anyone else gets the plain form.
  const stranger = await customer();
  for (const cookie of [stranger.cookie, ""]) {
    const other = (await get(contactPage.loader, path, cookie)).body as Record<string, unknown>;
    expect(other.message).toBeUndefined();
    expect(other.person).toBeUndefined();
  }
});
