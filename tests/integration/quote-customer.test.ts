// The customer's quote page (/quote/:token) and its PDF (/quote/:token/pdf): the quote shown from
// its secret link and marked viewed, the same bare 404 for every token that names nothing, the
// three answers (accept, ask for changes, decline) with their checks and the page after each, no
// answer to a quote that has closed, the private headers on every response, and the rate limits.
// The route modules' loaders and actions are called as React Router calls them; the last tests
// go through the whole app for the rendered page and its headers.
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { expireQuotes } from "~/modules/quotes/lifecycle.server";
import { hashQuoteToken } from "~/modules/quotes/links.server";
import { QUOTE_CLOSED, QUOTE_NOT_FOUND } from "~/modules/quotes/messages";
import * as quotePage from "~/routes/public/quote";
import * as quotePdf from "~/routes/resources/quote-pdf";
import { auditEvents, contactQueries, quoteEvents, quoteLinks, quotes } from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import { clientIpContext, cspNonceContext } from "~/server/security/request-context";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { draftQuoteFor, openDraftAs, quoteStaff, sendAs, withdrawAs } from "../support/quotes";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const _unique = () => `${Date.now().toString(36)}${++counter}`;

/** A client address of its own for each call, unless a test means to share one. */
function nextIp() {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** An enquiry and its quote with one line (3 × $19.99), sent: the customer's token and the ids. */
async function sentQuote(days = 30) {
  const actor = await quoteStaff();
  const { enquiry, draft } = await draftQuoteFor(db(), actor, {
    days,
    lines: [
      {
        description: "Plywood 12mm",
        sku: "CHH-PLY12",
        brandName: "Carter Holt",
        note: "Cut to size",
        quantityMilli: "3",
        unitPriceCents: "19.99",
      },
    ],
    fields: { customerCompany: "Parata Builders", noteToCustomer: "Delivery to site included." },
  });
  const { token, pdfPath } = await sendAs(actor, draft.id);
  return { actor, enquiry, id: draft.id, number: draft.number, token, pdfPath };
}

type Answer = { status: number; headers: Headers; body: unknown; response: Response | null };

/** Runs a loader or action and reads what it returned or threw, headers included. */
async function run(call: () => unknown): Promise<Answer> {
  let outcome: unknown;
  try {
    outcome = await call();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return { status: outcome.status, headers: outcome.headers, body: null, response: outcome };
  }
  const shaped = outcome as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (shaped?.type === "DataWithResponseInit") {
    return {
      status: shaped.init?.status ?? 200,
      headers: new Headers(shaped.init?.headers),
      body: shaped.data,
      response: null,
    };
  }
  return { status: 200, headers: new Headers(), body: outcome, response: null };
}

function contextFor(ip = nextIp()) {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, "test-nonce");
  context.set(clientIpContext, ip);
  return context;
}

function viewPage(token: string, ip?: string) {
  const request = new Request(`http://localhost/quote/${encodeURIComponent(token)}`);
  return run(() => quotePage.loader({ request, params: { token }, context: contextFor(ip) } as never));
}

function answerQuote(token: string, fields: Record<string, string>, ip?: string) {
  const request = new Request(`http://localhost/quote/${encodeURIComponent(token)}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return run(() => quotePage.action({ request, params: { token }, context: contextFor(ip) } as never));
}

function downloadPdf(token: string, ip?: string) {
  const request = new Request(`http://localhost/quote/${encodeURIComponent(token)}/pdf`);
  return run(() => quotePdf.loader({ request, params: { token }, context: contextFor(ip) } as never));
}

type PageData = {
  quote: import("~/modules/quotes/customer.server").CustomerQuote;
};

function pageOf(answer: Answer) {
  const quote = (answer.body as PageData | null)?.quote;
  if (!quote) throw new Error(`no quote in the answer (status ${answer.status})`);
  return quote;
}

function fieldErrors(answer: Answer) {
  return (answer.body as { result?: { error?: Record<string, string[] | null> } }).result?.error ?? {};
}

function expectPrivateHeaders(headers: Headers, where: string) {
  expect(headers.get("Cache-Control"), where).toBe("no-store");
  expect(headers.get("X-Robots-Tag"), where).toBe("noindex");
  expect(headers.get("Referrer-Policy"), where).toBe("same-origin");
}

async function storedQuote(id: string) {
  const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new Error("gone");
  return row;
}

async function eventKinds(id: string) {
  const rows = await db()
    .select({ kind: quoteEvents.kind })
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, id))
    .orderBy(asc(quoteEvents.createdAt));
  return rows.map((row) => row.kind);
}

async function enquiryStatus(id: string) {
  const [row] = await db()
    .select({ status: contactQueries.status })
    .from(contactQueries)
    .where(eq(contactQueries.id, id));
  return row?.status;
}

/** A token of the right shape that no link has. */
function unknownToken() {
  return crypto.randomBytes(32).toString("base64url");
}

function altered(token: string) {
  return `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
}

const VALID_ACCEPT = { intent: "accept", name: "Mere Parata", purchaseOrder: "PO-7781", acceptTerms: "on" };

// ---------------------------------------------------------------------------------------------

test("a valid link shows the quote (number, parties, lines, totals, note, terms) and marks it viewed once", async () => {
  const sent = await sentQuote();
  const first = await viewPage(sent.token);
  expect(first.status).toBe(200);
  expectPrivateHeaders(first.headers, "200");
  const quote = pageOf(first);
  expect(quote).toMatchObject({
    number: sent.number,
    customer: { name: "Mere Parata", company: "Parata Builders" },
    subtotalCents: 5997,
    gstBasisPoints: 1500,
    gstCents: 900,
    totalCents: 6897,
    noteToCustomer: "Delivery to site included.",
    validUntilOn: expect.any(String),
    issuedOn: expect.any(String),
    hasPdf: true,
    state: { kind: "open" },
  });
  // The terms name the site's terms page by its full address, not by a bare path.
  expect(quote.terms).toContain(`see ${publicBaseUrl()}/terms-conditions on our website`);
  expect(quote.terms).not.toContain(" /terms-conditions");
  expect(quote.lines).toEqual([
    {
      description: "Plywood 12mm",
      sku: "CHH-PLY12",
      brandName: "Carter Holt",
      note: "Cut to size",
      quantityMilli: 3000,
      unit: "each",
      unitPriceCents: 1999,
      discountBasisPoints: 0,
      lineTotalCents: 5997,
    },
  ]);
  // Nothing of the back office reaches the customer.
  expect(JSON.stringify(first.body)).not.toMatch(/internalNotes|enquiryId|pdfPath|"id"/);

  expect((await storedQuote(sent.id)).status).toBe("viewed");
  await viewPage(sent.token);
  expect((await eventKinds(sent.id)).filter((kind) => kind === "viewed")).toHaveLength(1);

  // Title and robots, and no page cache.
  const meta = quotePage.meta({ loaderData: first.body } as never);
  expect(meta).toContainEqual({ title: `Quote ${sent.number} | Trade Counter` });
  expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  expect("handle" in quotePage).toBe(false);
});

test("an unknown, altered or malformed token, or a draft's, gets the same 404 from the page, its actions and its PDF", async () => {
  const sent = await sentQuote();
  // A link pointing at a draft (none is ever made; as if one were) names nothing either.
  const [draftRow] = await db()
    .insert(quotes)
    .values({
      enquiryId: sent.enquiry.id,
      revision: 9,
      customerName: "Mere Parata",
      customerEmail: "mere@example.co.nz",
      validUntil: nzDatePlusDays(30),
      gstBasisPoints: 1500,
    })
    .returning();
  const draftToken = unknownToken();
  await db()
    .insert(quoteLinks)
    .values({ quoteId: draftRow!.id, tokenHash: hashQuoteToken(draftToken) });

  const before = await storedQuote(sent.id);
  for (const token of [
    unknownToken(),
    altered(sent.token),
    draftToken,
    "short",
    `${sent.token}x`,
    `${sent.token.slice(0, 42)}!`,
    "../../etc/passwd",
    "",
  ]) {
    const where = JSON.stringify(token);
    const page = await viewPage(token);
    expect(page.status, where).toBe(404);
    expect(page.body, where).toEqual({ message: QUOTE_NOT_FOUND });
    expectPrivateHeaders(page.headers, `404 ${where}`);

    const posted = await answerQuote(token, VALID_ACCEPT);
    expect(posted.status, where).toBe(404);
    expect(posted.body, where).toEqual({ message: QUOTE_NOT_FOUND });
    expectPrivateHeaders(posted.headers, `POST 404 ${where}`);

    const pdf = await downloadPdf(token);
    expect(pdf.status, where).toBe(404);
    expect(pdf.headers.get("Content-Type") ?? "", where).not.toContain("pdf");
    expectPrivateHeaders(pdf.headers, `PDF 404 ${where}`);
  }
  // The real quote was neither viewed nor answered by any of that.
  const after = await storedQuote(sent.id);
  expect(after.status).toBe("sent");
  expect(after.updatedAt).toEqual(before.updatedAt);
  expect((await storedQuote(draftRow!.id)).status).toBe("draft");
});

test("accepting with a purchase order number redirects (303) back to the page, which then shows the answer and no forms", async () => {
  const sent = await sentQuote();
  await viewPage(sent.token);
  const posted = await answerQuote(sent.token, { ...VALID_ACCEPT, name: "  Mere Parata  " });
  expect(posted.status).toBe(303);
  expect(posted.headers.get("Location")).toBe(`/quote/${sent.token}`);
  expectPrivateHeaders(posted.headers, "303");

  const stored = await storedQuote(sent.id);
  expect(stored).toMatchObject({
    status: "accepted",
    acceptedBy: "Mere Parata",
    purchaseOrder: "PO-7781",
    declineReason: null,
    answerMessage: null,
  });
  expect(stored.answeredAt).toBeInstanceOf(Date);
  expect(await enquiryStatus(sent.enquiry.id)).toBe("Won");
  // The audit log has the view, the answer and the enquiry's move as the customer's, from their address.
  const customers = await db()
    .select({
      entityType: auditEvents.entityType,
      summary: auditEvents.summary,
      ip: auditEvents.ipAddress,
      name: auditEvents.actorName,
    })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.actorRole, "customer"), inArray(auditEvents.entityId, [sent.id, sent.enquiry.id])),
    )
    // The answer's events share their transaction's time: the quote's, then the enquiry's.
    .orderBy(asc(auditEvents.occurredAt), desc(auditEvents.entityType));
  expect(customers).toEqual([
    {
      entityType: "quote",
      summary: expect.stringMatching(
        new RegExp(`^Updated quote ${sent.number}: State sent → viewed; Viewed `),
      ),
      ip: expect.any(String),
      name: "Mere Parata",
    },
    {
      entityType: "quote",
      summary: expect.stringContaining(`Updated quote ${sent.number}: State viewed → accepted;`),
      ip: expect.any(String),
      name: "Mere Parata",
    },
    {
      entityType: "enquiry",
      summary: 'Updated enquiry "Mere Parata": status, closed at',
      ip: expect.any(String),
      name: "Mere Parata",
    },
  ]);

  const page = pageOf(await viewPage(sent.token));
  expect(page.state).toEqual({
    kind: "accepted",
    on: expect.stringMatching(/\d{4}$/),
    by: "Mere Parata",
    purchaseOrder: "PO-7781",
  });
});

test("accepting without a name or without the tick is refused (400) with the messages, and nothing is written", async () => {
  const sent = await sentQuote();
  const cases: [Record<string, string>, Record<string, string>][] = [
    [{ intent: "accept", acceptTerms: "on" }, { name: "Name is required" }],
    [{ intent: "accept", name: "   ", acceptTerms: "on" }, { name: "Name is required" }],
    [{ intent: "accept", name: "M", acceptTerms: "on" }, { name: "Name must be at least 2 characters" }],
    [{ intent: "accept", name: "Mere Parata" }, { acceptTerms: "Please accept the terms to continue" }],
    [
      { intent: "accept", purchaseOrder: "PO-1" },
      { name: "Name is required", acceptTerms: "Please accept the terms to continue" },
    ],
    [
      { intent: "accept", name: "Mere Parata", acceptTerms: "on", purchaseOrder: "P".repeat(51) },
      { purchaseOrder: "The purchase order number must be at most 50 characters" },
    ],
    [
      { intent: "accept", name: "x".repeat(101), acceptTerms: "on" },
      { name: "Name must be at most 100 characters" },
    ],
    [
      { intent: "accept", name: "Mere\u0000Parata", acceptTerms: "on" },
      { name: "This field contains a character that cannot be saved" },
    ],
  ];
  for (const [fields, messages] of cases) {
    const where = JSON.stringify(fields);
    const posted = await answerQuote(sent.token, fields);
    expect(posted.status, where).toBe(400);
    expectPrivateHeaders(posted.headers, `400 ${where}`);
    expect((posted.body as { intent: string }).intent, where).toBe("accept");
    const errors = fieldErrors(posted);
    for (const [field, message] of Object.entries(messages)) expect(errors[field]?.[0], where).toBe(message);
  }
  const stored = await storedQuote(sent.id);
  expect(stored).toMatchObject({ status: "sent", acceptedBy: null, purchaseOrder: null, answeredAt: null });
  expect(await eventKinds(sent.id)).not.toContain("accepted");
  expect(await enquiryStatus(sent.enquiry.id)).toBe("Quoted");

  // A post naming no known intent, or not a form at all, is refused the same way.
  expect((await answerQuote(sent.token, { intent: "delete" })).status).toBe(400);
  const json = await run(() =>
    quotePage.action({
      request: new Request(`http://localhost/quote/${sent.token}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(VALID_ACCEPT),
      }),
      params: { token: sent.token },
      context: contextFor(),
    } as never),
  );
  expect(json.status).toBe(400);
  expect((await storedQuote(sent.id)).status).toBe("sent");
});

test("an answer posted with a file (as multipart) is refused as a field the form does not have, and the file is stored nowhere", async () => {
  const sent = await sentQuote();
  const stored = async () => {
    const names: string[] = [];
    for await (const file of getStorage().list("media")) names.push(file.name);
    return names;
  };
  const before = await stored();
  const body = new FormData();
  for (const [name, value] of Object.entries(VALID_ACCEPT)) body.append(name, value);
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  body.append("imageFile", new File([png], "photo.png", { type: "image/png" }));
  const request = new Request(`http://localhost/quote/${sent.token}`, { method: "POST", body });
  const posted = await run(() =>
    quotePage.action({ request, params: { token: sent.token }, context: contextFor() } as never),
  );
  expect(posted.status).toBe(400);
  expect((await storedQuote(sent.id)).status).toBe("sent");
  expect(await stored()).toEqual(before);
});

test("asking for changes checks the message, then stores it; the page shows it and offers no forms", async () => {
  const sent = await sentQuote();
  const short = await answerQuote(sent.token, { intent: "changes", message: "Cheaper" });
  expect(short.status).toBe(400);
  expect(fieldErrors(short).message?.[0]).toBe("Please write at least 10 characters");
  const empty = await answerQuote(sent.token, { intent: "changes", message: "" });
  expect(fieldErrors(empty).message?.[0]).toBe("Please tell us what you would like changed");
  const long = await answerQuote(sent.token, { intent: "changes", message: "x".repeat(2001) });
  expect(long.status).toBe(400);
  expect((await storedQuote(sent.id)).status).toBe("sent");

  const posted = await answerQuote(sent.token, {
    intent: "changes",
    message: "Could you quote 18mm plywood instead?",
  });
  expect(posted.status).toBe(303);
  expect(await storedQuote(sent.id)).toMatchObject({
    status: "changes_requested",
    answerMessage: "Could you quote 18mm plywood instead?",
    acceptedBy: null,
  });
  expect(await enquiryStatus(sent.enquiry.id)).toBe("Quoted");
  expect(pageOf(await viewPage(sent.token)).state).toMatchObject({
    kind: "changes_requested",
    message: "Could you quote 18mm plywood instead?",
  });
});

test("declining needs a reason from the list, takes an optional comment, and makes the enquiry Lost", async () => {
  const sent = await sentQuote();
  const noReason = await answerQuote(sent.token, { intent: "decline", message: "Too dear" });
  expect(noReason.status).toBe(400);
  expect(fieldErrors(noReason).reason?.[0]).toBe("Please choose a reason");
  const unknownReason = await answerQuote(sent.token, { intent: "decline", reason: "cheaper" });
  expect(unknownReason.status).toBe(400);
  expect(fieldErrors(unknownReason).reason?.[0]).toBe("Please choose a reason");
  const longComment = await answerQuote(sent.token, {
    intent: "decline",
    reason: "price",
    message: "x".repeat(1001),
  });
  expect(longComment.status).toBe(400);
  expect((await storedQuote(sent.id)).status).toBe("sent");

  const posted = await answerQuote(sent.token, {
    intent: "decline",
    reason: "bought_elsewhere",
    message: "Found it closer to site.",
  });
  expect(posted.status).toBe(303);
  expect(await storedQuote(sent.id)).toMatchObject({
    status: "declined",
    declineReason: "bought_elsewhere",
    answerMessage: "Found it closer to site.",
  });
  expect(await enquiryStatus(sent.enquiry.id)).toBe("Lost");
  expect(pageOf(await viewPage(sent.token)).state).toMatchObject({
    kind: "declined",
    reason: "Bought elsewhere",
    message: "Found it closer to site.",
  });

  // Without a comment: stored as none.
  const other = await sentQuote();
  expect((await answerQuote(other.token, { intent: "decline", reason: "price", message: "" })).status).toBe(
    303,
  );
  expect(await storedQuote(other.id)).toMatchObject({ declineReason: "price", answerMessage: null });
});

test("a closed quote (accepted, expired, superseded, withdrawn) shows read-only and refuses an answer (409) without writing", async () => {
  const accepted = await sentQuote();
  await answerQuote(accepted.token, VALID_ACCEPT);

  // Past its last valid day and swept; and past it before the hourly sweep ran (still "viewed").
  const swept = await sentQuote();
  await db()
    .update(quotes)
    .set({ validUntil: nzDatePlusDays(-1) })
    .where(eq(quotes.id, swept.id));
  await expireQuotes();
  expect((await storedQuote(swept.id)).status).toBe("expired");
  const lapsed = await sentQuote();
  await viewPage(lapsed.token);
  await db()
    .update(quotes)
    .set({ validUntil: nzDatePlusDays(-1) })
    .where(eq(quotes.id, lapsed.id));

  const replaced = await sentQuote();
  const next = await openDraftAs(replaced.actor, replaced.enquiry.id);
  await sendAs(replaced.actor, next.id);
  expect((await storedQuote(replaced.id)).status).toBe("superseded");

  const withdrawn = await sentQuote();
  await withdrawAs(withdrawn.actor, withdrawn.id, "Price no longer holds");

  const cases = [
    [accepted, "accepted"],
    [lapsed, "expired"],
    [swept, "expired"],
    [replaced, "superseded"],
    [withdrawn, "withdrawn"],
  ] as const;
  for (const [quote, kind] of cases) {
    const page = await viewPage(quote.token);
    expect(page.status, kind).toBe(200);
    expect(pageOf(page).state.kind, quote.number).toBe(kind);
    if (kind === "withdrawn") expect(pageOf(page).state).toEqual({ kind, reason: "Price no longer holds" });

    const before = await storedQuote(quote.id);
    const events = await eventKinds(quote.id);
    for (const fields of [
      VALID_ACCEPT as Record<string, string>,
      { intent: "changes", message: "Please add delivery to the quote." },
      { intent: "decline", reason: "price" },
    ]) {
      const posted = await answerQuote(quote.token, fields);
      const where = `${fields.intent} on ${kind} ${quote.number}`;
      expect(posted.status, where).toBe(409);
      expectPrivateHeaders(posted.headers, where);
      expect((posted.body as { error?: string }).error, where).toBe(QUOTE_CLOSED);
      expect(
        (posted.body as { result: { error: Record<string, string[]> } }).result.error[""],
        where,
      ).toEqual([QUOTE_CLOSED]);
    }
    const after = await storedQuote(quote.id);
    expect(after.status, kind).toBe(before.status);
    expect(after.updatedAt, kind).toEqual(before.updatedAt);
    expect(after.acceptedBy, kind).toBe(before.acceptedBy);
    expect(await eventKinds(quote.id), kind).toEqual(events);
  }
  // In the browser, a refused answer (409) reloads the quote, so the page shows where it stands
  // instead of the forms; an answer refused for its own input (400) or too many tries (429) does not.
  const revalidates = (actionStatus: number) =>
    quotePage.shouldRevalidate({ actionStatus, defaultShouldRevalidate: false } as never);
  expect(revalidates(409)).toBe(true);
  expect(revalidates(400)).toBe(false);
  expect(revalidates(429)).toBe(false);
});

test("the PDF route streams the stored PDF inline for a valid link, and 404s otherwise", async () => {
  const sent = await sentQuote();
  const answer = await downloadPdf(sent.token);
  expect(answer.status).toBe(200);
  const headers = answer.headers;
  expect(headers.get("Content-Type")).toBe("application/pdf");
  expect(headers.get("Content-Disposition")).toBe(`inline; filename="Quote-${sent.number}.pdf"`);
  expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  expectPrivateHeaders(headers, "PDF 200");
  const bytes = Buffer.from(await (answer.response as Response).arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const stored = parseStoredPath(sent.pdfPath);
  const file = await getStorage().get(stored!.bucket, stored!.name);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
  expect(headers.get("Content-Length")).toBe(String(bytes.length));
  // Downloading is not answering: the quote is as it was.
  expect((await storedQuote(sent.id)).status).toBe("sent");

  for (const token of [altered(sent.token), unknownToken(), "nope"]) {
    expect((await downloadPdf(token)).status, token).toBe(404);
  }
  // A quote whose PDF is not (or no longer) stored.
  const missing = await sentQuote();
  await db().update(quotes).set({ pdfPath: null }).where(eq(quotes.id, missing.id));
  expect((await downloadPdf(missing.token)).status).toBe(404);
  expect(pageOf(await viewPage(missing.token)).hasPdf).toBe(false);
  const deleted = await sentQuote();
  const deletedFile = parseStoredPath(deleted.pdfPath);
  await getStorage().delete(deletedFile!.bucket, deletedFile!.name);
  expect((await downloadPdf(deleted.token)).status).toBe(404);
});

test("over the rate limit the page, its PDF and its answers get 429 with Retry-After, and nothing is written", async () => {
  // The windows are fixed: the clock stands still at the start of one, so none turns over midway.
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  vi.useFakeTimers({ toFake: ["Date"], now: minute + 60_000 + 1_000 });
  const sent = await sentQuote();
  const ip = "203.0.113.77";
  for (let i = 0; i < 60; i += 1) expect((await viewPage(unknownToken(), ip)).status).toBe(404);
  for (const answer of [await viewPage(sent.token, ip), await downloadPdf(sent.token, ip)]) {
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(answer.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expectPrivateHeaders(answer.headers, "429");
    expect(JSON.stringify(answer.body ?? null)).not.toContain(sent.number);
  }
  expect((await storedQuote(sent.id)).status).toBe("sent");
  // Another address is not held back.
  expect((await viewPage(sent.token, "203.0.113.78")).status).toBe(200);

  const poster = "203.0.113.79";
  for (let i = 0; i < 10; i += 1)
    expect((await answerQuote(sent.token, { intent: "accept" }, poster)).status).toBe(400);
  const limited = await answerQuote(sent.token, VALID_ACCEPT, poster);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  expectPrivateHeaders(limited.headers, "POST 429");
  expect((await storedQuote(sent.id)).status).toBe("viewed");
  // Answers and views are counted apart: the poster may still read the quote.
  expect((await viewPage(sent.token, poster)).status).toBe(200);
});

// ---------------------------------------------------------------------------------------------
// Through the whole app: the page as a browser gets it.

test("through the app, the page renders the quote with its forms and headers; a 404 shows nothing of any quote", async () => {
  const sent = await sentQuote();
  const response = await app(new Request(`http://localhost/quote/${sent.token}`), { clientIp: nextIp() });
  expect(response.status).toBe(200);
  expectPrivateHeaders(response.headers, "document 200");
  const html = await response.text();
  expect(html).toContain(`Quote ${sent.number} | Trade Counter`);
  expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  for (const text of [
    "Plywood 12mm",
    "Code: CHH-PLY12",
    "Carter Holt",
    "Parata Builders",
    "$59.97",
    "$9.00",
    "$68.97",
    "GST (15%)",
    "Delivery to site included.",
    `href="/quote/${sent.token}/pdf"`,
    "Accept Quote",
    "Request Changes",
    "Decline Quote",
    'name="intent" value="accept"',
    "<legend",
    'aria-label="Quoted items"',
  ]) {
    expect(html, text).toContain(text);
  }

  const data = await app(new Request(`http://localhost/quote/${sent.token}.data`), { clientIp: nextIp() });
  expect(data.status).toBe(200);
  expectPrivateHeaders(data.headers, ".data 200");

  for (const url of [`/quote/${altered(sent.token)}`, "/quote/nope", `/quote/${altered(sent.token)}.data`]) {
    const missing = await app(new Request(`http://localhost${url}`), { clientIp: nextIp() });
    expect(missing.status, url).toBe(404);
    expectPrivateHeaders(missing.headers, `document 404 ${url}`);
    const text = await missing.text();
    for (const secret of [sent.number, "Mere Parata", "Plywood", "68.97"])
      expect(text, url).not.toContain(secret);
  }
});

test("through the app without JavaScript: a bad answer re-renders the form with its messages (400), a good one redirects (303)", async () => {
  const sent = await sentQuote();
  const post = (fields: Record<string, string>) =>
    app(
      new Request(`http://localhost/quote/${sent.token}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      { clientIp: nextIp() },
    );
  const bad = await post({ intent: "accept", purchaseOrder: "PO-9" });
  expect(bad.status).toBe(400);
  expectPrivateHeaders(bad.headers, "document 400");
  const html = await bad.text();
  expect(html).toContain("Name is required");
  expect(html).toContain("Please accept the terms to continue");
  // The value typed is kept.
  expect(html).toContain('value="PO-9"');

  const good = await post(VALID_ACCEPT);
  expect(good.status).toBe(303);
  expect(good.headers.get("Location")).toBe(`/quote/${sent.token}`);

  const after = await app(new Request(`http://localhost/quote/${sent.token}`), { clientIp: nextIp() });
  const answered = await after.text();
  expect(answered).toContain("You accepted this quote on");
  expect(answered).not.toContain("Accept Quote");
  expect(answered).not.toContain('name="intent"');

  // A quote that can no longer be answered points the customer to a new one.
  const withdrawn = await sentQuote();
  await withdrawAs(withdrawn.actor, withdrawn.id, "Mistake");
  const closed = await (
    await app(new Request(`http://localhost/quote/${withdrawn.token}`), { clientIp: nextIp() })
  ).text();
  expect(closed).toContain("This quote has been withdrawn");
  expect(closed).toContain("Reason: Mistake");
  expect(closed).toContain('href="/contact?subject=Quote%20Request"');
  expect(closed).not.toContain("Accept Quote");
});

test("through the app, the page's own form post (named by its Origin under the page's referrer policy) is answered; Origin: null is refused", async () => {
  const sent = await sentQuote();
  // The page's policy keeps the link from other sites yet lets its own posts name this site:
  // under `no-referrer` a browser posts `Origin: null`, which React Router's action check refuses.
  const page = await app(new Request(`http://localhost/quote/${sent.token}`), { clientIp: nextIp() });
  expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
  const post = (origin: string, fetchSite: string) =>
    app(
      new Request(`http://localhost/quote/${sent.token}`, {
        method: "POST",
        headers: { Origin: origin, "Sec-Fetch-Site": fetchSite },
        body: new URLSearchParams(VALID_ACCEPT),
      }),
      { clientIp: nextIp() },
    );
  // The refusal is React Router's (a bare 400 "Bad Request"), which it reports as an error.
  const reported = vi.spyOn(console, "error").mockImplementation(() => undefined);
  for (const [origin, fetchSite] of [
    ["null", "same-origin"],
    ["https://evil.example", "cross-site"],
  ] as const) {
    const refused = await post(origin, fetchSite);
    expect(refused.status, origin).toBe(400);
    expect(await refused.text(), origin).toBe("Bad Request");
  }
  expect(reported.mock.calls.map(([error]) => String(error))).toEqual([
    expect.stringMatching(/origin does not match `origin` header/),
    expect.stringMatching(/origin does not match `origin` header/),
  ]);
  reported.mockRestore();
  expect((await storedQuote(sent.id)).status).toBe("viewed");

  const own = await post("http://localhost", "same-origin");
  expect(own.status).toBe(303);
  expect(own.headers.get("Location")).toBe(`/quote/${sent.token}`);
  expect(await storedQuote(sent.id)).toMatchObject({ status: "accepted", acceptedBy: "Mere Parata" });
});
