// An enquiry's e-mails end to end: a real submission through the contact action, the outbox
// drained to an in-process SMTP server (or, with no SMTP_URL, to .eml files), and what the staff
// and the customer receive.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { enqueueEnquiryMail } from "~/modules/enquiries/mail.server";
import { formatReference } from "~/modules/enquiries/reference";
import { saveEnquirySettings } from "~/modules/settings/commands.server";
import { contactContent, contactQueries, mailOutbox, rateLimitCounters, users } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { drainOutbox } from "~/server/mail/outbox.server";
import { getMailTransport } from "~/server/mail/transport.server";
import { issueFormToken } from "~/server/security/form-token.server";
import { settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, quickEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";
import { parseMail, useSmtpServer } from "./mail-support";

const database = useTestDatabase();

const mail = useSmtpServer();

beforeEach(async () => {
  mail.smtp.received.length = 0;
  const db = database.current.db;
  await db.delete(mailOutbox);
  await db.delete(contactQueries);
  await db.delete(users);
  await db.delete(rateLimitCounters);
  await saveEnquirySettings({ notificationRecipients: [], attachmentRetentionMonths: 24 });
});

const VALID = VALID_ENQUIRY;

let ip = 0;

/** Posts the contact form as a person would (token from a minute ago, a fresh address). */
async function submit(
  action: typeof contactEnquiryAction = contactEnquiryAction,
  overrides: Record<string, string> = {},
) {
  const form = new FormData();
  const fields = { ...VALID, formToken: issueFormToken(new Date(Date.now() - 60_000)), ...overrides };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  ip += 1;
  const request = new Request("http://localhost/contact", { method: "POST", body: form });
  const outcome = await settle(() => action(request, { clientIp: `198.51.100.${ip}` }));
  const [row] = await database.current.db
    .select()
    .from(contactQueries)
    .where(eq(contactQueries.clientIp, `198.51.100.${ip}`));
  return {
    status: outcome.status,
    row,
    reference: row ? formatReference(row.referenceNo, row.createdAt) : "",
  };
}

async function addUser(email: string, role: string, isActive = true) {
  await database.current.db
    .insert(users)
    .values({ id: crypto.randomUUID(), name: email.split("@")[0] ?? email, email, role, isActive });
}

async function outboxRows() {
  return database.current.db.select().from(mailOutbox);
}

test("staff and customer get their e-mails with the reference, every field and the right addresses", async () => {
  await addUser("owner@example.nz", "admin");
  await addUser("manager@example.nz", "admin");
  await addUser("gone@example.nz", "admin", false);
  await addUser("sam@example.nz", "sales");

  const { status, row, reference } = await submit();
  expect(status).toBe(200);
  expect(reference).toMatch(/^TC-\d{4}-\d{6}$/);

  const drained = await drainOutbox({ transport: mail.transport });
  expect(drained).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0 });
  expect(mail.smtp.received).toHaveLength(2);

  const staff = mail.smtp.received.find((m) => m.subject.startsWith("New enquiry"));
  expect(staff?.to.sort()).toEqual(["manager@example.nz", "owner@example.nz"]);
  expect(staff?.subject).toBe(`New enquiry ${reference}: Quote Request from Aroha Ngata`);
  expect(staff?.headers.get("reply-to")).toBe("aroha@example.co.nz");
  expect(staff?.from).toBe("no-reply@tradecounter.local");
  for (const value of [
    "Name:       Aroha Ngata",
    "Email:      aroha@example.co.nz",
    "Phone:      021 555 0101",
    "Subject:    Quote Request",
    "Form:       Contact page form",
    "Attachment: no",
    "Products on the quote list: none",
    VALID.message,
    `http://localhost:3000/admin/contact-management/${row?.id}`,
  ]) {
    expect(staff?.text).toContain(value);
  }

  const customer = mail.smtp.received.find((m) => m !== staff);
  expect(customer?.to).toEqual(["aroha@example.co.nz"]);
  expect(customer?.subject).toBe(`We have your enquiry: ${reference}`);
  expect(customer?.text).toContain(`Your reference number is ${reference}.`);
  expect(customer?.text).toContain("Kia ora Aroha Ngata,");
  expect(customer?.text).toContain("Subject:    Quote Request");
  // A summary, not a copy: nothing the sender wrote freely reaches the address they typed.
  expect(customer?.text).not.toContain(VALID.message);
  expect(customer?.html).not.toContain(VALID.message);
  expect(customer?.text).not.toContain("021 555 0101");
  // The trader's contact details (defaults while the contact content is empty).
  expect(customer?.text).toContain("0800 872 332");
  expect(customer?.html).toContain(`<strong>${reference}</strong>`);
  expect(customer?.headers.get("reply-to")).toBe("sales@tradecounter.co.nz");

  // Each message carries the Message-ID stored with its row.
  const stored = await outboxRows();
  expect(stored.map((r) => r.messageId).sort()).toEqual(mail.smtp.received.map((m) => m.messageId).sort());
  expect(stored.every((r) => r.status === "sent" && r.sentAt && r.attempts === 1)).toBe(true);
});

test("the quick form's mail says so; the recipients in Settings replace the admins", async () => {
  await saveEnquirySettings({
    notificationRecipients: ["desk@example.nz", "quotes@example.nz"],
    attachmentRetentionMonths: 24,
  });
  const { status, reference } = await submit(quickEnquiryAction);
  expect(status).toBe(200);
  await drainOutbox({ transport: mail.transport });
  const staff = mail.smtp.received.find((m) => m.subject.startsWith("New enquiry"));
  expect(staff?.to.sort()).toEqual(["desk@example.nz", "quotes@example.nz"]);
  expect(staff?.subject).toBe(`New enquiry ${reference}: Quick Inquiry from Aroha Ngata`);
  expect(staff?.text).toContain("Form:       Quick enquiry form (home page)");
});

test("with no recipients and no active admin, the customer is still acknowledged", async () => {
  await database.current.db.update(users).set({ isActive: false });
  const { status } = await submit();
  expect(status).toBe(200);
  const rows = await outboxRows();
  expect(rows.map((r) => r.kind)).toEqual(["customer_acknowledgement"]);
});

test("an enquiry stored as spam queues no mail", async () => {
  const { status, row } = await submit(contactEnquiryAction, { website: "https://spam.example" });
  expect(status).toBe(200);
  expect(row?.status).toBe("Spam");
  expect(await outboxRows()).toHaveLength(0);
});

test("quote-list lines, the attachment link and the trader's details are in the messages", async () => {
  const db = database.current.db;
  await addUser("owner@example.nz", "admin");
  await db.insert(contactContent).values({
    contentType: "contact_info",
    phone: "09 555 1234",
    email: "hello@trader.example.nz",
    address: "1 Wharf Road, Napier",
    businessHours: { Sat: "8AM-12PM", "Mon-Fri": "7AM-4PM" },
  });
  const [enquiry] = await db
    .insert(contactQueries)
    .values({
      fullName: "Aroha Ngata",
      email: "aroha@example.co.nz",
      subject: "Quote Request",
      message: "Two lines please.\nSecond line of the message.",
      fileUrl: "contact_uploads/1700000000000-0123456789abcdef.pdf",
    })
    .returning();
  if (!enquiry) throw new Error("no enquiry");
  await db.transaction((tx) =>
    enqueueEnquiryMail(
      tx,
      enquiry,
      [
        { productId: crypto.randomUUID(), productName: "H3.2 Pine 90x45", quantity: 40 },
        { productId: crypto.randomUUID(), productName: "Galv nails 75mm", quantity: 2 },
      ],
      { acknowledge: true },
    ),
  );
  await drainOutbox({ transport: mail.transport });
  const staff = mail.smtp.received.find((m) => m.subject.startsWith("New enquiry"));
  const customer = mail.smtp.received.find((m) => m !== staff);
  expect(staff?.text).toContain("Products on the quote list:\n  40 × H3.2 Pine 90x45\n  2 × Galv nails 75mm");
  expect(staff?.text).toContain(
    "Attachment: yes, download (admin sign-in): http://localhost:3000/admin/files/contact_uploads/1700000000000-0123456789abcdef.pdf",
  );
  expect(staff?.text).toContain("Two lines please.\nSecond line of the message.");
  expect(customer?.text).toContain("Products:\n  40 × H3.2 Pine 90x45\n  2 × Galv nails 75mm");
  expect(customer?.text).toContain("Attachment: yes (received)");
  expect(customer?.text).toContain("Phone:   09 555 1234");
  expect(customer?.text).toContain("Address: 1 Wharf Road, Napier");
  expect(customer?.text).toMatch(/Mon-Fri: +7AM-4PM\nSat: +8AM-12PM/);
  expect(customer?.headers.get("reply-to")).toBe("hello@trader.example.nz");
  expect(customer?.html).toContain("<li>40 × H3.2 Pine 90x45</li>");
});

test("what a visitor typed cannot add headers and is escaped in the HTML part", async () => {
  await addUser("owner@example.nz", "admin");
  const { status, reference } = await submit(contactEnquiryAction, {
    fullName: "Eve\r\nBcc: victim@example.com",
    subject: "Hi\nX-Injected: yes <script>alert('x')</script> & <b>bold</b>",
    message: "<script>alert('x')</script> & <b>bold</b> please",
  });
  expect(status).toBe(200);
  await drainOutbox({ transport: mail.transport });
  for (const sent of mail.smtp.received) {
    expect(sent.headers.has("bcc")).toBe(false);
    expect(sent.headers.has("x-injected")).toBe(false);
    expect(sent.to).not.toContain("victim@example.com");
  }
  const staff = mail.smtp.received.find((m) => m.subject.startsWith("New enquiry"));
  expect(staff?.subject).toBe(
    `New enquiry ${reference}: Hi X-Injected: yes <script>alert('x')</script> & <b>bold</b> from Eve Bcc: victim@example.com`,
  );
  const customer = mail.smtp.received.find((m) => m !== staff);
  expect(customer?.html).toContain(
    "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;",
  );
  expect(customer?.html).not.toContain("<script>");
});

test("without SMTP_URL each message is an .eml file under DATA_DIR/outbox", async () => {
  expect(getEnv().SMTP_URL).toBeUndefined();
  const dir = path.join(getEnv().dataDir, "outbox");
  fs.rmSync(dir, { recursive: true, force: true });
  await addUser("owner@example.nz", "admin");
  const { reference } = await submit();

  // The process's own transport, as the server would use it.
  expect(await drainOutbox({ transport: getMailTransport() })).toMatchObject({ sent: 2 });
  const files = fs.readdirSync(dir).sort();
  expect(files).toHaveLength(2);
  expect(files.every((name) => /^\d{4}-\d{2}-\d{2}T[\d-]+Z-[A-Za-z0-9@._-]+\.eml$/.test(name))).toBe(true);
  const mails = files.map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")));
  const staff = mails.find((m) => m.subject.startsWith("New enquiry"));
  const customer = mails.find((m) => m !== staff);
  expect(staff?.headers.get("to")).toBe("owner@example.nz");
  expect(staff?.subject).toContain(reference);
  expect(customer?.headers.get("to")).toBe("aroha@example.co.nz");
  expect(customer?.text).toContain(`Your reference number is ${reference}.`);
  expect((await outboxRows()).every((r) => r.status === "sent")).toBe(true);
});

test("the form is no relay: a stranger's address gets 3 summaries a day, then nothing, while staff hear of every enquiry", async () => {
  await addUser("owner@example.nz", "admin");
  const pitch = `Buy cheap watches at https://spam.example/${"x".repeat(40)} ${"and more ".repeat(500)}`;
  const victims = [
    "victim@example.org",
    "Victim@Example.org",
    "victim+1@example.org",
    "VICTIM+2@example.org",
  ];
  const references: string[] = [];
  for (const email of victims) {
    const sent = await submit(contactEnquiryAction, { email, message: pitch });
    expect(sent.status).toBe(200);
    expect(sent.row?.status).toBe("New");
    references.push(sent.reference);
  }
  await drainOutbox({ transport: mail.transport });
  const toVictim = mail.smtp.received.filter((m) => m.to.some((to) => to.toLowerCase().includes("victim")));
  expect(toVictim).toHaveLength(3);
  for (const mail of toVictim) {
    expect(mail.text).not.toContain("spam.example");
    expect(mail.text).not.toContain("cheap watches");
    expect(mail.html).not.toContain("spam.example");
    // The reference, the name and the subject, and little else: nothing long enough to carry a pitch.
    expect(mail.text.length).toBeLessThan(1200);
  }
  // Staff were told of all four, the last one saying no acknowledgement went out.
  const staff = mail.smtp.received.filter((m) => m.subject.startsWith("New enquiry"));
  expect(staff).toHaveLength(4);
  const last = staff.find((m) => m.subject.includes(references[3] as string));
  expect(last?.text).toContain(
    "No acknowledgement was sent: this address has had its acknowledgements for today.",
  );
  // The enquiries themselves are all stored with their full message.
  const rows = await database.current.db.select().from(contactQueries);
  expect(rows.filter((r) => r.message === pitch.trim())).toHaveLength(4);
});
