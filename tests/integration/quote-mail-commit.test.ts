// The mail worker, running as the server runs it, only ever sees what a quote's send committed:
// when it claims the customer's message, the quote is sent, its link stored, its enquiry Quoted
// and the send's audit event written (on PostgreSQL a wake before the commit finds no message,
// which then waits for the hourly tick and fails the wait here; on PGlite the one connection
// holds the worker's claim until the commit). A send that fails after queueing its message leaves
// nothing: no message claimed, sent or queued, the quote still a draft, no audit event of the
// send, and no stored PDF.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, test } from "vitest";
import { consentPackForQuoteMail } from "~/modules/consent-pack/quote-mail.server";
import { sendQuote } from "~/modules/quotes/commands.server";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { action as quoteAction } from "~/routes/admin/quote";
import { defineCommand, runCommand } from "~/server/commands/runner.server";
import { getDatabase } from "~/server/db/db.server";
import { auditEvents, contactQueries, mailOutbox, quoteLinks, quotes } from "~/server/db/schema";
import { startMailWorker, stopMailWorker } from "~/server/mail/outbox.server";
import type { MailTransport, OutgoingMail } from "~/server/mail/transport.server";
import { getStorage } from "~/server/storage/storage.server";
import { cookieFor, settle, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { asStaff, draftQuoteFor, quoteStaff } from "../support/quotes";
import { useSmtpServer } from "./mail-support";

const database = useTestDatabase();
const db = () => database.current.db;
const mail = useSmtpServer();

/** What the database held, seen from outside any transaction, as the worker was sending. */
type SeenAtSend = {
  messageId: string;
  outbox: string | undefined;
  quote: string | undefined;
  links: number;
  enquiry: string | undefined;
  audit: string[];
};

let seen: SeenAtSend[] = [];
let watchedQuote = "";

/** The loopback SMTP transport, reading the database as each message goes. */
function watchingTransport(): MailTransport {
  return {
    describe: () => "watching",
    async send(message: OutgoingMail) {
      const outside = getDatabase().db;
      const [outbox] = await outside
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.messageId, message.messageId));
      const [quote] = await outside
        .select({ status: quotes.status, enquiryId: quotes.enquiryId })
        .from(quotes)
        .where(eq(quotes.id, watchedQuote));
      const links = await outside.select().from(quoteLinks).where(eq(quoteLinks.quoteId, watchedQuote));
      const [enquiry] = quote
        ? await outside
            .select({ status: contactQueries.status })
            .from(contactQueries)
            .where(eq(contactQueries.id, quote.enquiryId))
        : [];
      const audit = await outside
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, "quote"), eq(auditEvents.entityId, watchedQuote)));
      seen.push({
        messageId: message.messageId,
        outbox: outbox?.status,
        quote: quote?.status,
        links: links.length,
        enquiry: enquiry?.status,
        audit: audit.map((event) => event.action).sort(),
      });
      await mail.transport.send(message);
    },
    close: async () => {},
  };
}

beforeEach(() => {
  seen = [];
  mail.smtp.received.length = 0;
  // The tick is an hour away: a message goes only because the send woke the worker.
  startMailWorker({ transport: watchingTransport(), intervalMs: 3_600_000 });
});

afterEach(async () => {
  await stopMailWorker();
});

/** The actions of the quote's audit events (its drafting's among them), in order of name. */
async function auditActions(quoteId: string) {
  const events = await db()
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, "quote"), eq(auditEvents.entityId, quoteId)));
  return events.map((event) => event.action).sort();
}

/** Polls `condition` until it holds; fails with `what` when it has not within the bound. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function storedPdfs() {
  const names: string[] = [];
  for await (const file of getStorage().list("quotes")) names.push(file.name);
  return names;
}

/** Drawing a quote's PDF the first time in a worker takes seconds on a busy machine. */
const TIMEOUT_MS = 60_000;

test(
  "the worker claims a sent quote's message only once the send, its link, the enquiry's move and its audit event are committed",
  async () => {
    const actor = await quoteStaff();
    const { enquiry, draft } = await draftQuoteFor(db(), actor, { days: 20 });
    watchedQuote = draft.id;
    const drafted = await auditActions(draft.id);
    const fields: Record<string, string> = {
      intent: "send",
      customerName: "Mere Parata",
      customerEmail: enquiry.email,
      validUntil: nzDatePlusDays(20),
      "lines[0].description": "Plywood 12mm",
      "lines[0].quantityMilli": "3",
      "lines[0].unitPriceCents": "19.99",
    };
    const request = new Request(`http://localhost/admin/quotes/${draft.id}`, {
      method: "POST",
      headers: { cookie: await cookieFor("admin", "quote-mail-commit") },
      body: new URLSearchParams(fields),
    });
    const outcome = await settle(() =>
      quoteAction({ request, params: { id: draft.id }, context: new RouterContextProvider() } as never),
    );
    expect(outcome.status).toBe(302);
    expect(await toastOf(outcome)).toBe("Quote sent");

    await until(() => mail.smtp.received.length === 1, "the customer's quote arrived");
    await stopMailWorker();
    expect(seen).toEqual([
      {
        messageId: mail.smtp.received[0]?.messageId,
        outbox: "sending",
        quote: "sent",
        links: 1,
        enquiry: "Quoted",
        audit: [...drafted, "send"].sort(),
      },
    ]);
  },
  TIMEOUT_MS,
);

test(
  "a send that fails after queueing its message wakes nothing, sends nothing, and keeps no PDF",
  async () => {
    const actor = await quoteStaff();
    const { enquiry, draft } = await draftQuoteFor(db(), actor, { days: 20 });
    watchedQuote = draft.id;
    const before = await storedPdfs();
    const drafted = await auditActions(draft.id);
    // The send as it runs, failing after its work has queued the message and asked for a wake-up.
    const failing = defineCommand({
      ...sendQuote,
      name: "test.send_then_fail",
      run: async (input, context) => {
        await sendQuote.run(input, context);
        throw new Error("a later step failed");
      },
    });
    await expect(
      runCommand(failing, asStaff(actor), { id: draft.id, consentPack: consentPackForQuoteMail }),
    ).rejects.toThrow("a later step failed");
    // Waits for any drain a wake-up started.
    await stopMailWorker();

    expect(mail.smtp.received).toEqual([]);
    expect(seen).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.enquiryId, enquiry.id))).toEqual([]);
    const [row] = await db().select().from(quotes).where(eq(quotes.id, draft.id));
    expect(row).toMatchObject({ status: "draft", pdfPath: null, sentAt: null });
    expect(await db().select().from(quoteLinks).where(eq(quoteLinks.quoteId, draft.id))).toEqual([]);
    expect(await auditActions(draft.id)).toEqual(drafted);
    expect(await storedPdfs()).toEqual(before);
  },
  TIMEOUT_MS,
);
