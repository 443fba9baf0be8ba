// A quote once sent: locked, found by its link's token (stored only as a hash), viewed, answered
// by the customer, superseded by the next revision, withdrawn, expired and reminded by the
// server's clock (moved in the test, not waited for), with the enquiry following each move. The
// customer's mails (their copy of an acceptance, the notice of a withdrawal) go through the
// outbox to a real SMTP server on loopback.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { expect, test } from "vitest";
import { consentPackForQuoteMail } from "~/modules/consent-pack/quote-mail.server";
import { sendQuote } from "~/modules/quotes/commands.server";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { expireQuotes, quoteHistory, takeDueReminders } from "~/modules/quotes/lifecycle.server";
import { findQuoteIdByToken, hashQuoteToken } from "~/modules/quotes/links.server";
import {
  QUOTE_CHANGED,
  QUOTE_CLOSED,
  QUOTE_HAS_NO_LINES,
  QUOTE_LOCKED,
  QUOTE_NOT_FOUND,
  QUOTE_VALIDITY_PAST,
} from "~/modules/quotes/messages";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import { DEFAULT_QUOTE_SETTINGS, DEFAULT_QUOTE_TERMS } from "~/modules/quotes/settings";
import type { Actor } from "~/server/commands/actor";
import { defineCommand, runCommand } from "~/server/commands/runner.server";
import { contactQueries, mailOutbox, quoteLinks, quotes } from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import { drainOutbox } from "~/server/mail/outbox.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";
import {
  answerAsCustomer,
  asStaff,
  draftQuoteFor,
  openDraftAs,
  quoteStaff,
  saveDraftAs,
  sendAs,
  setQuoteSettings,
  viewAsCustomer,
  withdrawAs,
} from "../support/quotes";
import { useSmtpServer } from "./mail-support";

const database = useTestDatabase();
const db = () => database.current.db;
const mail = useSmtpServer();

let counter = 0;
const _unique = () => `${Date.now().toString(36)}${++counter}`;
const DAY = 24 * 60 * 60 * 1000;

const staff = () => quoteStaff();

/** An enquiry and a draft quote for it with `lines` plywood lines, valid for `days` from now. */
function draftQuote(actor: Awaited<ReturnType<typeof staff>>, days = 30, lines = 1) {
  return draftQuoteFor(db(), actor, {
    days,
    lines: Array.from({ length: lines }, () => ({
      description: "Plywood 12mm",
      quantityMilli: "3",
      unitPriceCents: "19.99",
    })),
  });
}

async function statusOf(quoteId: string) {
  const [row] = await db().select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId));
  return row?.status;
}

async function enquiryStatus(id: string) {
  const [row] = await db()
    .select({ status: contactQueries.status })
    .from(contactQueries)
    .where(eq(contactQueries.id, id));
  return row?.status;
}

test("sending locks the quote, stores only the token's hash, and makes the enquiry Quoted", async () => {
  const actor = await staff();
  const { enquiry, draft } = await draftQuote(actor);
  const { token } = await sendAs(actor, draft.id);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const [stored] = await db().select().from(quotes).where(eq(quotes.id, draft.id));
  expect(stored).toMatchObject({ status: "sent", termsSnapshot: DEFAULT_QUOTE_TERMS });
  const links = await db().select().from(quoteLinks).where(eq(quoteLinks.quoteId, draft.id));
  expect(links.map((l) => l.tokenHash)).toEqual([hashQuoteToken(token)]);
  expect(JSON.stringify([stored, links])).not.toContain(token);
  expect(await enquiryStatus(enquiry.id)).toBe("Quoted");

  expect(await findQuoteIdByToken(token)).toBe(draft.id);
  const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  expect(await findQuoteIdByToken(altered)).toBeNull();
  expect(await findQuoteIdByToken("short")).toBeNull();
  expect(await findQuoteIdByToken(`${token}'; drop table quotes; --`)).toBeNull();

  await expect(sendAs(actor, draft.id)).rejects.toThrow(QUOTE_LOCKED);
  await expect(
    saveDraftAs(
      actor,
      draft.id,
      quoteDraftSchema.parse({
        customerName: "X Y",
        customerEmail: "x@example.nz",
        validUntil: "2030-01-01",
      }),
    ),
  ).rejects.toThrow(QUOTE_LOCKED);
});

/** The names of the quote PDFs in storage. */
async function storedPdfs() {
  const names: string[] = [];
  for await (const file of getStorage().list("quotes")) names.push(file.name);
  return names;
}

test("a quote without lines, or valid until a day gone by, is not sent, and no PDF is drawn for it", async () => {
  const actor = await staff();
  const empty = await draftQuote(actor, 30, 0);
  const past = await draftQuote(actor, -1);
  const pdfs = await storedPdfs();
  await expect(sendAs(actor, empty.draft.id)).rejects.toThrow(QUOTE_HAS_NO_LINES);
  await expect(sendAs(actor, past.draft.id)).rejects.toThrow(QUOTE_VALIDITY_PAST);
  expect(await statusOf(empty.draft.id)).toBe("draft");
  expect(await statusOf(past.draft.id)).toBe("draft");
  expect(await storedPdfs()).toEqual(pdfs);
});

test("a quote that does not exist is not found (404 with its message)", async () => {
  const actor = await staff();
  const missing = crypto.randomUUID();
  const notFound = { init: { status: 404 }, data: { message: QUOTE_NOT_FOUND } };
  await expect(sendAs(actor, missing)).rejects.toMatchObject(notFound);
  await expect(withdrawAs(actor, missing, "Gone")).rejects.toMatchObject(notFound);
  await expect(answerAsCustomer(missing, { kind: "changes", message: "Anything?" })).rejects.toMatchObject(
    notFound,
  );
});

test("a draft saved while its PDF was being drawn is not sent: staff are asked to send again, and the drawn PDF is deleted", async () => {
  const actor = await staff();
  const { enquiry, draft } = await draftQuote(actor);
  const changed = quoteDraftSchema.parse({
    customerName: "Mere Parata",
    customerEmail: enquiry.email,
    validUntil: nzDatePlusDays(30),
    lines: [{ description: "Plywood 18mm", quantityMilli: "3", unitPriceCents: "29.99" }],
  });
  // The send as it runs, with another tab's save landing between its drawing and its writing.
  const racing = defineCommand({
    ...sendQuote,
    name: "test.send_racing_a_save",
    prepare: async (input: Parameters<typeof sendQuote.target>[0], who: Actor) => {
      const prepared = await (sendQuote.prepare as NonNullable<typeof sendQuote.prepare>)(input, who);
      await saveDraftAs(actor, draft.id, changed);
      return prepared;
    },
  });
  const pdfs = await storedPdfs();
  await expect(
    runCommand(racing, asStaff(actor), { id: draft.id, consentPack: consentPackForQuoteMail }),
  ).rejects.toThrow(QUOTE_CHANGED);
  const [stored] = await db().select().from(quotes).where(eq(quotes.id, draft.id));
  expect(stored).toMatchObject({ status: "draft", pdfPath: null, totalCents: 10347 });
  expect(await db().select().from(quoteLinks).where(eq(quoteLinks.quoteId, draft.id))).toEqual([]);
  expect(await db().select().from(mailOutbox).where(eq(mailOutbox.enquiryId, enquiry.id))).toEqual([]);
  expect(await storedPdfs()).toEqual(pdfs);

  // Sent again, it goes as saved.
  const { pdfPath } = await sendAs(actor, draft.id);
  expect(await statusOf(draft.id)).toBe("sent");
  expect(await storedPdfs()).toContain(parseStoredPath(pdfPath)?.name);
});

test("the customer views, then accepts with an order number: the quote locks and the enquiry is Won", async () => {
  const actor = await staff();
  const { enquiry, draft } = await draftQuote(actor);
  await sendAs(actor, draft.id);
  expect(await viewAsCustomer(draft.id)).toBe(true);
  expect(await viewAsCustomer(draft.id)).toBe(false);
  expect(await statusOf(draft.id)).toBe("viewed");

  expect(
    await answerAsCustomer(draft.id, { kind: "accept", name: "Mere Parata", purchaseOrder: "PO-7781" }),
  ).toBe("accepted");
  const [stored] = await db().select().from(quotes).where(eq(quotes.id, draft.id));
  expect(stored).toMatchObject({ status: "accepted", acceptedBy: "Mere Parata", purchaseOrder: "PO-7781" });
  expect(await enquiryStatus(enquiry.id)).toBe("Won");

  await expect(
    answerAsCustomer(draft.id, { kind: "decline", reason: "price", message: null }),
  ).rejects.toThrow(QUOTE_CLOSED);
  await expect(withdrawAs(actor, draft.id, "Oops")).rejects.toThrow(QUOTE_CLOSED);
  expect(await statusOf(draft.id)).toBe("accepted");
  const kinds = (await quoteHistory(draft.id)).map((e) => e.kind).sort();
  expect(kinds).toEqual(["accepted", "draft", "edited", "sent", "viewed"]);
});

test("declining makes the enquiry Lost with the reason; asking for changes keeps it Quoted", async () => {
  const actor = await staff();
  const declined = await draftQuote(actor);
  await sendAs(actor, declined.draft.id);
  await answerAsCustomer(declined.draft.id, {
    kind: "decline",
    reason: "lead_time",
    message: "Need it by Friday",
  });
  expect(await statusOf(declined.draft.id)).toBe("declined");
  expect(await enquiryStatus(declined.enquiry.id)).toBe("Lost");
  const history = await quoteHistory(declined.draft.id);
  expect(history.find((e) => e.kind === "declined")).toMatchObject({
    actorId: null,
    actorName: "Customer: Mere Parata",
    note: "Lead time: Need it by Friday",
  });

  const changes = await draftQuote(actor);
  await sendAs(actor, changes.draft.id);
  await answerAsCustomer(changes.draft.id, { kind: "changes", message: "Can you do 18mm instead?" });
  expect(await statusOf(changes.draft.id)).toBe("changes_requested");
  expect(await enquiryStatus(changes.enquiry.id)).toBe("Quoted");
});

test("sending revision B supersedes A, whose link can then no longer be answered", async () => {
  const actor = await staff();
  const { enquiry, draft: a } = await draftQuote(actor);
  const { token: tokenA } = await sendAs(actor, a.id);
  await answerAsCustomer(a.id, { kind: "changes", message: "Please add delivery" });
  const b = await openDraftAs(actor, enquiry.id);
  expect(b.number.endsWith("-B")).toBe(true);
  await sendAs(actor, b.id);
  expect(await statusOf(a.id)).toBe("superseded");
  expect(await statusOf(b.id)).toBe("sent");
  // A's link still names A (to show it read-only), but A takes no answer.
  expect(await findQuoteIdByToken(tokenA)).toBe(a.id);
  await expect(answerAsCustomer(a.id, { kind: "accept", name: "Mere", purchaseOrder: null })).rejects.toThrow(
    QUOTE_CLOSED,
  );
  expect((await quoteHistory(a.id)).find((e) => e.kind === "superseded")?.note).toBe(
    `Replaced by ${b.number}`,
  );
});

test("one reminder before expiry, none for an answered quote, then expiry makes the enquiry Lost", async () => {
  const actor = await staff();
  const open = await draftQuote(actor, 10);
  await sendAs(actor, open.draft.id);
  const answered = await draftQuote(actor, 10);
  await sendAs(actor, answered.draft.id);
  await answerAsCustomer(answered.draft.id, { kind: "accept", name: "Mere Parata", purchaseOrder: null });

  const now = Date.now();
  const mine = <T extends { id: string }>(list: T[]) =>
    list.filter((q) => [open.draft.id, answered.draft.id].includes(q.id));
  // Ten days left: not yet (the default reminder is five days before).
  expect(mine(await takeDueReminders(new Date(now)))).toEqual([]);
  // Four days left: the one open quote, once.
  const due = mine(await takeDueReminders(new Date(now + 6 * DAY)));
  expect(due.map((q) => q.id)).toEqual([open.draft.id]);
  // The reminder carries a link of its own; the first e-mail's link still works.
  const reminderToken = due[0]?.token ?? "";
  expect(await findQuoteIdByToken(reminderToken)).toBe(open.draft.id);
  expect(mine(await takeDueReminders(new Date(now + 7 * DAY)))).toEqual([]);

  // Its last valid day is still open to an answer; the day after, it expires.
  await expireQuotes(new Date(now + 10 * DAY));
  expect(await statusOf(open.draft.id)).toBe("sent");
  await expireQuotes(new Date(now + 11 * DAY));
  expect(await statusOf(open.draft.id)).toBe("expired");
  expect(await enquiryStatus(open.enquiry.id)).toBe("Lost");
  expect(await statusOf(answered.draft.id)).toBe("accepted");
  expect(await enquiryStatus(answered.enquiry.id)).toBe("Won");
  await expect(
    answerAsCustomer(
      open.draft.id,
      { kind: "accept", name: "Mere", purchaseOrder: null },
      new Date(now + 11 * DAY),
    ),
  ).rejects.toThrow(QUOTE_CLOSED);
});

test("the customer's e-mail carries the PDF and the link; the staff's notice of an answer carries no price", async () => {
  const actor = await staff();
  const { draft } = await draftQuote(actor, 10);
  const { token, pdfPath } = await sendAs(actor, draft.id);

  const stored = parseStoredPath(pdfPath);
  expect(stored?.bucket).toBe("quotes");
  const { stream } = await getStorage().get(stored?.bucket ?? "quotes", stored?.name ?? "");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const pdfText = (await parser.getText()).text;
  await parser.destroy();
  expect(pdfText).toContain(draft.number);
  expect(pdfText).toContain("$68.97"); // 3 × $19.99 = $59.97 + 15 % GST $9.00

  const mails = async (kind: string) =>
    (
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, kind as "quote"))
    ).filter((m) => m.subject.includes(draft.number));
  const [quoteMail] = await mails("quote");
  expect(quoteMail?.recipients).toEqual([expect.stringMatching(/^mere-/)]);
  expect(quoteMail?.subject).toBe(`Quote ${draft.number} from Trade Counter Ltd`);
  expect(quoteMail?.textBody).toContain(`/quote/${token}`);
  expect(quoteMail?.textBody).toContain("Total $68.97 including GST");
  expect(quoteMail?.attachments).toEqual([
    { filename: `Quote-${draft.number}.pdf`, contentType: "application/pdf", path: pdfPath },
  ]);

  // The reminder: the same PDF, a new link.
  const [reminder] = await takeDueReminders(new Date(Date.now() + 6 * DAY)).then((list) =>
    list.filter((q) => q.id === draft.id),
  );
  const [reminderMail] = await mails("quote_reminder");
  expect(reminderMail?.textBody).toContain(`/quote/${reminder?.token}`);
  expect(reminderMail?.textBody).not.toContain(token);
  expect(reminderMail?.attachments?.[0]?.path).toBe(pdfPath);

  await answerAsCustomer(draft.id, { kind: "accept", name: "Mere Parata", purchaseOrder: "PO-42" });
  const [notice] = await mails("quote_answer");
  expect(notice?.subject).toBe(`Quote ${draft.number} accepted`);
  expect(notice?.textBody).toContain("Purchase order: PO-42");
  expect(notice?.textBody).not.toMatch(/\$\d/);
  expect(notice?.recipients.length).toBeGreaterThan(0);
});

/** Sends everything the outbox holds, then answers the messages that reached `to`. */
async function deliveredTo(to: string) {
  while ((await drainOutbox({ transport: mail.transport })).claimed > 0) {}
  return mail.smtp.received.filter((message) => message.to.includes(to));
}

async function pdfText(content: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(content) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test("the customer is e-mailed a copy of their acceptance with the quote attached; other answers and a refused one send none", async () => {
  const actor = await staff();
  const { enquiry, draft } = await draftQuote(actor);
  await sendAs(actor, draft.id);
  await answerAsCustomer(draft.id, { kind: "accept", name: "Mere Parata", purchaseOrder: "PO-42" });
  await expect(
    answerAsCustomer(draft.id, { kind: "accept", name: "Mere", purchaseOrder: null }),
  ).rejects.toThrow(QUOTE_CLOSED);

  const received = await deliveredTo(enquiry.email);
  expect(received.map((message) => message.subject).sort()).toEqual(
    [`Quote ${draft.number} from Trade Counter Ltd`, `You accepted quote ${draft.number}`].sort(),
  );
  const copy = received.find((message) => message.subject.startsWith("You accepted"));
  expect(copy?.headers.get("reply-to")).toBe("sales@tradecounter.co.nz");
  for (const line of [
    "Kia ora Mere Parata,",
    `Thank you: you accepted quote ${draft.number} from Trade Counter Ltd on`,
    "Accepted by: Mere Parata",
    "Purchase order: PO-42",
    "Total $68.97 including GST.",
    "The quote you accepted is attached.",
    `Our Trading Terms and Conditions: ${publicBaseUrl()}/terms-conditions`,
  ]) {
    expect(copy?.text, line).toContain(line);
  }
  expect(copy?.attachments.map((file) => file.filename)).toEqual([`Quote-${draft.number}.pdf`]);
  expect(await pdfText(copy?.attachments[0]?.content ?? Buffer.alloc(0))).toContain(draft.number);

  for (const answer of [
    { kind: "changes", message: "Could you do 18mm instead?" },
    { kind: "decline", reason: "price", message: null },
  ] as const) {
    const other = await draftQuote(actor);
    await sendAs(actor, other.draft.id);
    await answerAsCustomer(other.draft.id, answer);
    expect(
      (await deliveredTo(other.enquiry.email)).map((message) => message.subject),
      answer.kind,
    ).toEqual([`Quote ${other.draft.number} from Trade Counter Ltd`]);
  }
});

test("withdrawing e-mails the customer the staff's reason and no price; a quote no longer open is not withdrawn and mails nothing", async () => {
  const actor = await staff();
  const { enquiry, draft } = await draftQuote(actor);
  await sendAs(actor, draft.id);
  const reason = "The supplier's price for this plywood rose on 1 May.";
  await withdrawAs(actor, draft.id, reason);
  expect(await statusOf(draft.id)).toBe("withdrawn");
  await expect(withdrawAs(actor, draft.id, "Twice")).rejects.toThrow(QUOTE_CLOSED);
  expect((await quoteHistory(draft.id)).filter((e) => e.kind === "withdrawn").map((e) => e.note)).toEqual([
    reason,
  ]);

  const notices = (await deliveredTo(enquiry.email)).filter((message) =>
    message.subject.endsWith("withdrawn"),
  );
  expect(notices.map((message) => message.subject)).toEqual([`Quote ${draft.number} withdrawn`]);
  const [notice] = notices;
  expect(notice?.headers.get("reply-to")).toBe("sales@tradecounter.co.nz");
  expect(notice?.text).toContain(`We have withdrawn quote ${draft.number}: it can no longer be accepted.`);
  expect(notice?.text).toContain(`Reason: ${reason}`);
  expect(notice?.text).toContain(`${publicBaseUrl()}/contact?subject=Quote%20Request`);
  expect(notice?.text).not.toMatch(/\$\d/);
  expect(notice?.attachments).toEqual([]);
});

test("a site page the terms name by its path is printed with its full address in the PDF and the e-mail", async () => {
  const base = publicBaseUrl();
  await setQuoteSettings({
    ...DEFAULT_QUOTE_SETTINGS,
    terms:
      "See /terms-conditions. Privacy: /privacy (ours). Left alone: https://example.nz/terms-conditions, /not-a-page and 1/2 price.",
  });
  try {
    const actor = await staff();
    const { enquiry, draft } = await draftQuote(actor);
    await sendAs(actor, draft.id);
    const expected = `See ${base}/terms-conditions. Privacy: ${base}/privacy (ours). Left alone: https://example.nz/terms-conditions, /not-a-page and 1/2 price.`;

    const [quoteMail] = await deliveredTo(enquiry.email);
    expect(quoteMail?.text).toContain(`Our Trading Terms and Conditions: ${base}/terms-conditions`);
    // The PDF wraps a long line where it may, after a slash too: compared without line breaks.
    const unwrapped = (value: string) => value.replace(/\s+/g, "");
    const text = await pdfText(quoteMail?.attachments[0]?.content ?? Buffer.alloc(0));
    expect(unwrapped(text)).toContain(unwrapped(expected));
    expect(text).not.toContain("See /terms-conditions");
  } finally {
    await setQuoteSettings(DEFAULT_QUOTE_SETTINGS);
  }
});
