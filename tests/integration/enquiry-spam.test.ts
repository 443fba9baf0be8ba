// The spam defence end to end through the enquiry actions, on the default settings (3 s minimum
// fill time, 5 enquiries a minute and 30 an hour per address).
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { type EnquiryActionData, RATE_LIMITED_MESSAGE } from "~/modules/enquiries/schema";
import { clearQuoteListCookie, quoteListCookie } from "~/modules/quote-list/quote-list.server";
import { saveEnquirySettings } from "~/modules/settings/commands.server";
import {
  contactQueries,
  enquiryEvents,
  enquiryLines,
  mailOutbox,
  products,
  rateLimitCounters,
} from "~/server/db/schema";
import { rateLimitSubject } from "~/server/security/client-subject.server";
import { issueFormToken, readFormToken } from "~/server/security/form-token.server";
import { pruneRateLimitCounters } from "~/server/security/rate-limit.server";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, quickEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";

const database = useTestDatabase();

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

const VALID = VALID_ENQUIRY;

type Action = typeof contactEnquiryAction;
type Fields = Record<string, string | File | undefined>;

function db() {
  return database.current.db;
}

/** A form as a person sends it: the page served a minute before `now`, the honeypot left empty. */
function personForm(overrides: Fields = {}, now = new Date()) {
  const form = new FormData();
  const fields: Fields = {
    ...VALID,
    website: "",
    formToken: issueFormToken(new Date(now.getTime() - 60_000)),
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}

function post(body: BodyInit, url = "http://localhost/contact") {
  return new Request(url, { method: "POST", body });
}

let lastIp = 0;
/** An address no other test has used. */
function freshIp() {
  lastIp += 1;
  return `198.51.100.${lastIp}`;
}

async function send(action: Action, body: FormData | Request, clientIp: string, now?: Date) {
  const request = body instanceof Request ? body : post(body);
  const response = (await action(request, { clientIp, now })) as unknown as {
    data: EnquiryActionData;
    init: ResponseInit | null;
  };
  return {
    status: response.init?.status ?? 200,
    headers: new Headers(response.init?.headers),
    body: response.data,
  };
}

async function rows() {
  return db().select().from(contactQueries);
}

async function outboxFor(id: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.enquiryId, id));
}

function storedFiles() {
  const dir = path.join(database.current.storageRoot, "contact_uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

beforeEach(async () => {
  await db().delete(contactQueries);
  await db().delete(rateLimitCounters);
  fs.rmSync(path.join(database.current.storageRoot, "contact_uploads"), { recursive: true, force: true });
  // A staff recipient of our own, so the staff e-mail never depends on who the admins are.
  await saveEnquirySettings({
    notificationRecipients: ["desk@tradecounter.test"],
    attachmentRetentionMonths: 24,
  });
});

/** The one stored enquiry, which must exist. */
async function onlyRow() {
  const all = await rows();
  expect(all).toHaveLength(1);
  const [row] = all;
  if (!row) throw new Error("no row");
  return row;
}

async function expectSpam(reason: string, source: "contact" | "quick" = "contact") {
  const row = await onlyRow();
  expect(row).toMatchObject({ status: "Spam", spamReason: reason, source, fullName: VALID.fullName });
  expect(row.closedAt).not.toBeNull();
  expect(await outboxFor(row.id)).toEqual([]);
  const events = await db().select().from(enquiryEvents).where(eq(enquiryEvents.enquiryId, row.id));
  expect(events.map((e) => [e.kind, e.toValue])).toEqual([["received", "Spam"]]);
  return row;
}

test("a person's enquiry is stored as New, and its staff and customer e-mails are queued", async () => {
  // Needs the mail helper's enqueueEnquiryMail (the placeholder queues nothing).
  const { status, body } = await send(contactEnquiryAction, personForm(), freshIp());
  expect(status).toBe(200);
  expect(body.status).toBe("success");
  const row = await onlyRow();
  expect(row).toMatchObject({ status: "New", spamReason: null, closedAt: null });
  const mail = await outboxFor(row.id);
  expect(mail.map((m) => m.kind).sort()).toEqual(["customer_acknowledgement", "staff_notification"]);
  expect(mail.find((m) => m.kind === "customer_acknowledgement")?.recipients).toEqual([VALID.email]);
  expect(mail.find((m) => m.kind === "staff_notification")?.recipients).toEqual(["desk@tradecounter.test"]);
});

test("a filled honeypot gets a person's success answer but is stored as Spam, with no mail", async () => {
  const person = await send(contactEnquiryAction, personForm(), freshIp());
  await db().delete(contactQueries);
  const bot = await send(
    contactEnquiryAction,
    personForm({ website: "https://cheap-pills.example" }),
    freshIp(),
  );
  expect(bot.status).toBe(200);
  // Nothing in the answer tells the bot it was caught.
  expect(bot.body).toEqual(person.body);
  expect(bot.body.status).toBe("success");
  expect([...bot.headers]).toEqual([...person.headers]);
  await expectSpam("honeypot");
});

test("a form sent sooner than the minimum fill time is stored as Spam 'too_fast'", async () => {
  const now = new Date();
  const { status, body } = await send(
    contactEnquiryAction,
    personForm({ formToken: issueFormToken(new Date(now.getTime() - 1000)) }, now),
    freshIp(),
    now,
  );
  expect(status).toBe(200);
  expect(body.status).toBe("success");
  await expectSpam("too_fast");
});

test("a token from the future counts as too fast; three seconds is enough", async () => {
  const now = new Date();
  await send(
    contactEnquiryAction,
    personForm({ formToken: issueFormToken(new Date(now.getTime() + 60_000)) }, now),
    freshIp(),
    now,
  );
  await expectSpam("too_fast");
  await db().delete(contactQueries);
  await send(
    contactEnquiryAction,
    personForm({ formToken: issueFormToken(new Date(now.getTime() - 3000)) }, now),
    freshIp(),
    now,
  );
  expect((await onlyRow()).status).toBe("New");
});

test("no token, a forged token or a tampered one: stored as Spam 'no_form_token'", async () => {
  const real = issueFormToken(new Date(Date.now() - 60_000));
  const [issuedAt, nonce, signature] = real.split(".");
  const earlier = String(Number(issuedAt) - 3_600_000);
  const cases: (string | undefined)[] = [
    undefined,
    "",
    "not-a-token",
    `${issuedAt}.${nonce}.${"A".repeat(signature?.length ?? 43)}`,
    `${earlier}.${nonce}.${signature}`,
    `${issuedAt}.${"B".repeat(nonce?.length ?? 12)}.${signature}`,
    `${issuedAt}.${signature}`,
    `${real}.extra`,
    `${issuedAt}`,
    "x".repeat(5000),
  ];
  for (const formToken of cases) {
    const { status, body } = await send(contactEnquiryAction, personForm({ formToken }), freshIp());
    expect(status, `token ${formToken}`).toBe(200);
    expect(body.status).toBe("success");
    await expectSpam("no_form_token");
    await db().delete(contactQueries);
  }
  expect(readFormToken(real)?.getTime()).toBe(Number(issuedAt));
});

test("a form token is good for one enquiry: sent again it is Spam 'no_form_token' and mails no one", async () => {
  const token = issueFormToken(new Date(Date.now() - 60_000));
  const first = await send(contactEnquiryAction, personForm({ formToken: token }), freshIp());
  expect(first.status).toBe(200);
  const [person] = await rows();
  expect(person).toMatchObject({ status: "New", spamReason: null });
  await db().delete(contactQueries);

  // The same page's token, replayed from elsewhere with another address to send to.
  for (const email of ["stranger@example.org", "another@example.org"]) {
    const again = await send(contactEnquiryAction, personForm({ formToken: token, email }), freshIp());
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("success");
    await expectSpam("no_form_token");
    await db().delete(contactQueries);
  }
  // Two pages served in the same millisecond still get tokens of their own.
  const now = new Date();
  expect(issueFormToken(now)).not.toBe(issueFormToken(now));
});

test("a form token older than a week counts as none", async () => {
  const now = new Date("2026-03-10T09:00:00Z");
  const weekOld = new Date(now.getTime() - 7 * 24 * 3600_000 - 60_000);
  await send(contactEnquiryAction, personForm({ formToken: issueFormToken(weekOld) }, now), freshIp(), now);
  await expectSpam("no_form_token");
  await db().delete(contactQueries);
  const sixDays = new Date(now.getTime() - 6 * 24 * 3600_000);
  await send(contactEnquiryAction, personForm({ formToken: issueFormToken(sixDays) }, now), freshIp(), now);
  expect((await rows())[0]).toMatchObject({ status: "New" });
  await db().delete(contactQueries);
});

test("honeypot and fill time work on the home page's quick form too", async () => {
  const url = "http://localhost/?index";
  await send(quickEnquiryAction, post(personForm({ website: "x" }), url), freshIp());
  await expectSpam("honeypot", "quick");
  await db().delete(contactQueries);

  const now = new Date();
  await send(
    quickEnquiryAction,
    post(personForm({ formToken: issueFormToken(now) }, now), url),
    freshIp(),
    now,
  );
  await expectSpam("too_fast", "quick");
  await db().delete(contactQueries);

  await send(quickEnquiryAction, post(personForm(), url), freshIp());
  const row = await onlyRow();
  expect(row).toMatchObject({ status: "New", source: "quick", subject: "Quick Inquiry" });
});

test("a spam post's attachment is kept with the row, as a person's would be", async () => {
  const file = new File([PDF], "plans.pdf", { type: "application/pdf" });
  await send(contactEnquiryAction, personForm({ website: "spam", file }), freshIp());
  const row = await expectSpam("honeypot");
  expect(row.fileUrl).toMatch(/^contact_uploads\//);
  expect(storedFiles()).toHaveLength(1);
});

test("spam keeps the quote list it was sent with and clears it like a person's enquiry", async () => {
  const [product] = await db().insert(products).values({ name: "H3.2 Pine Framing 90x45" }).returning();
  if (!product) throw new Error("no product");
  const cookie = quoteListCookie([{ productId: product.id, quantity: 40 }]).split(";")[0] ?? "";
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body: personForm({ website: "x" }),
    headers: { cookie },
  });
  const { headers } = await send(contactEnquiryAction, request, freshIp());
  const row = await expectSpam("honeypot");
  const lines = await db().select().from(enquiryLines).where(eq(enquiryLines.enquiryId, row.id));
  expect(lines.map((l) => [l.productName, l.quantity])).toEqual([["H3.2 Pine Framing 90x45", 40]]);
  expect(headers.getSetCookie()).toEqual([clearQuoteListCookie()]);
});

test("the 6th enquiry in a minute from one address gets 429 and is stored as Spam without its file", async () => {
  const ip = freshIp();
  // 20 seconds into the minute: the minute window starts over in 40 seconds.
  const now = new Date("2026-03-02T10:15:20Z");
  for (let i = 0; i < 5; i++) {
    const { status } = await send(contactEnquiryAction, personForm({}, now), ip, now);
    expect(status).toBe(200);
  }
  expect((await rows()).every((row) => row.status === "New")).toBe(true);

  const sixth = personForm(
    { fullName: "Sixth Sender", file: new File([PDF], "plans.pdf", { type: "application/pdf" }) },
    now,
  );
  const { status, headers, body } = await send(contactEnquiryAction, sixth, ip, now);
  expect(status).toBe(429);
  expect(headers.get("Retry-After")).toBe("40");
  expect(body.status).toBe("rate_limited");
  expect(body.result.error?.[""]).toEqual([RATE_LIMITED_MESSAGE]);
  // The values come back so the visitor can send them again later.
  expect(body.result.initialValue).toMatchObject({ fullName: "Sixth Sender", email: VALID.email });

  const stored = (await rows()).filter((row) => row.fullName === "Sixth Sender");
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ status: "Spam", spamReason: "rate_limit", fileUrl: null, clientIp: ip });
  expect(await outboxFor(stored[0]?.id ?? "")).toEqual([]);
  expect(storedFiles()).toEqual([]);

  // Another address is not affected, and the limit does not care what the headers claim.
  expect((await send(contactEnquiryAction, personForm({}, now), freshIp(), now)).status).toBe(200);
  const spoofed = post(personForm({}, now));
  spoofed.headers.set("X-Forwarded-For", "203.0.113.77");
  spoofed.headers.set("X-Real-IP", "203.0.113.77");
  expect((await send(contactEnquiryAction, spoofed, ip, now)).status).toBe(429);

  // The next minute the address may send again.
  const later = new Date("2026-03-02T10:16:01Z");
  expect((await send(contactEnquiryAction, personForm({}, later), ip, later)).status).toBe(200);
});

test("a refused form over the limit is answered 429 and not stored", async () => {
  const ip = freshIp();
  const now = new Date("2026-03-02T11:00:05Z");
  for (let i = 0; i < 5; i++) await send(contactEnquiryAction, personForm({}, now), ip, now);
  const { status, body } = await send(contactEnquiryAction, personForm({ fullName: "" }, now), ip, now);
  expect(status).toBe(429);
  expect(body.result.error?.[""]).toEqual([RATE_LIMITED_MESSAGE]);
  expect(await rows()).toHaveLength(5);
});

test("31 enquiries in an hour: the 31st gets 429 until the hour is over", async () => {
  const ip = freshIp();
  const start = new Date("2026-03-02T12:00:00Z");
  // Five a minute stays under the minute limit; a refused form counts as much as a sent one.
  for (let i = 0; i < 30; i++) {
    const at = new Date(start.getTime() + Math.floor(i / 5) * 60_000 + (i % 5) * 1000);
    const { status } = await send(contactEnquiryAction, personForm({ message: "" }, at), ip, at);
    expect(status).toBe(400);
  }
  const at = new Date("2026-03-02T12:10:00Z");
  const { status, headers } = await send(contactEnquiryAction, personForm({}, at), ip, at);
  expect(status).toBe(429);
  expect(headers.get("Retry-After")).toBe(String(50 * 60));
  expect(await onlyRow()).toMatchObject({ status: "Spam", spamReason: "rate_limit" });

  const nextHour = new Date("2026-03-02T13:00:00Z");
  expect((await send(contactEnquiryAction, personForm({}, nextHour), ip, nextHour)).status).toBe(200);
});

test("a flood far past the limit is refused without reading the body, and nothing is stored", async () => {
  const ip = freshIp();
  const now = new Date("2026-03-02T14:30:00Z");
  // 90 posts in the hour (three times the hourly limit): refused forms, so nothing is stored.
  for (let i = 0; i < 90; i++) await send(contactEnquiryAction, post(new FormData()), ip, now);
  expect(await rows()).toEqual([]);

  const bytes = new Response(personForm({}, now));
  const contentType = bytes.headers.get("content-type") ?? "";
  const source = new Uint8Array(await bytes.arrayBuffer());
  let pulled = false;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled = true;
        controller.enqueue(source);
        controller.close();
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
  const { status, headers, body: answer } = await send(contactEnquiryAction, request, ip, now);
  expect(status).toBe(429);
  expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(answer.result.error?.[""]).toEqual([RATE_LIMITED_MESSAGE]);
  expect(pulled).toBe(false);
  expect(cancelled).toBe(true);
  expect(await rows()).toEqual([]);
});

test("addresses are counted as IPv4, or by their IPv6 /64", () => {
  expect(rateLimitSubject("192.0.2.7")).toBe("192.0.2.7");
  expect(rateLimitSubject("::ffff:192.0.2.7")).toBe("192.0.2.7");
  expect(rateLimitSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
  expect(rateLimitSubject("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
  expect(rateLimitSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(rateLimitSubject("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
  expect(rateLimitSubject("")).toBe("unknown");
});

test("stepping through an IPv6 /64 does not get a fresh limit", async () => {
  const now = new Date("2026-03-02T15:00:10Z");
  for (let i = 1; i <= 5; i++) {
    const { status } = await send(contactEnquiryAction, personForm({}, now), `2001:db8:7:7::${i}`, now);
    expect(status).toBe(200);
  }
  expect((await send(contactEnquiryAction, personForm({}, now), "2001:db8:7:7::99", now)).status).toBe(429);
  expect((await send(contactEnquiryAction, personForm({}, now), "2001:db8:7:8::1", now)).status).toBe(200);
});

test("old rate-limit windows are pruned", async () => {
  const ip = freshIp();
  const old = new Date("2026-03-01T08:00:00Z");
  await send(contactEnquiryAction, personForm({}, old), ip, old);
  const now = new Date();
  await send(contactEnquiryAction, personForm({}, now), ip, now);
  const perAddress = async () =>
    (await db().select().from(rateLimitCounters)).filter((row) => row.key.startsWith("enquiry:"));
  expect(await perAddress()).toHaveLength(4);
  // Each enquiry also spent its form token and counted an acknowledgement to its address.
  expect(await db().select().from(rateLimitCounters)).toHaveLength(8);
  await pruneRateLimitCounters(2 * 3600, now);
  const left = await perAddress();
  expect(left).toHaveLength(2);
  expect(left.every((row) => row.windowStart.getTime() > now.getTime() - 2 * 3600_000)).toBe(true);
  // A day's acknowledgement count and a week's token stay as long as their windows last.
  const kept = (await db().select().from(rateLimitCounters)).map((row) => row.key.split(":")[0]).sort();
  expect(kept).toEqual(["enquiry", "enquiry", "enquiry-ack", "form-token"]);
});

test("the contact and home routes pass an enquiry's Retry-After on to the response", async () => {
  const args = {
    actionHeaders: new Headers({ "Retry-After": "40" }),
    loaderHeaders: new Headers(),
    parentHeaders: new Headers(),
    errorHeaders: undefined,
  };
  const contact = await import("~/routes/public/contact");
  const home = await import("~/routes/public/home");
  for (const headers of [contact.headers(args), home.headers(args)]) {
    expect(new Headers(headers).get("Retry-After")).toBe("40");
  }
});
