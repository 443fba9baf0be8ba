// The enquiry forms through the one intake, gate by gate, on the local disk and on an S3 bucket (a
// real S3-protocol server on loopback): a post refused at any gate (a flood, the rate limit, an
// unreadable body, the schema, a file too large, of the wrong type or a PDF with scripts, the
// database failing, the client going away) leaves no file in storage and none in the quarantine;
// a post that is taken (a person's, or spam that keeps what it sent) stores its file once. A file
// reaches storage only after its post is judged: a refused post never writes to storage at all.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { EnquiryActionData } from "~/modules/enquiries/schema";
import {
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FILE_BYTES,
  PDF_WITH_SCRIPTS,
  RATE_LIMITED_MESSAGE,
  UNREADABLE_FORM,
} from "~/modules/enquiries/schema";
import { checkEnquiryRate } from "~/modules/enquiries/spam.server";
import { contactQueries, rateLimitCounters } from "~/server/db/schema";
import { quarantineRoot } from "~/server/http/quarantine.server";
import { issueFormToken } from "~/server/security/form-token.server";
import {
  createLocalStorage,
  getStorage,
  parseStoredPath,
  type Storage,
  setStorage,
} from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, quickEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";
import { startS3Server } from "../support/s3-server";

const database = useTestDatabase();
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
});

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
const SCRIPTED_PDF = Buffer.concat([
  PDF.subarray(0, PDF.indexOf("trailer")),
  Buffer.from("3 0 obj\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n"),
  PDF.subarray(PDF.indexOf("trailer")),
]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0x90)]);

let lastIp = 0;
function freshIp() {
  lastIp += 1;
  return `203.0.113.${lastIp}`;
}

function enquiryForm(overrides: Record<string, string | File> = {}, file: File | null = pdf()) {
  const form = new FormData();
  const fields = { ...VALID_ENQUIRY, formToken: issueFormToken(new Date(Date.now() - 60_000)), ...overrides };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", file);
  return form;
}

function pdf(bytes: Buffer = PDF, name = "plans.pdf") {
  return new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
}

/**
 * A post to the contact page. A FormData body goes as the bytes a browser sends: left as FormData,
 * undici's stream of it rejects unhandled when the action cancels the body (a flood, refused unread).
 */
async function post(body: BodyInit, init: RequestInit = {}, url = "http://localhost/contact") {
  if (!(body instanceof FormData)) return new Request(url, { method: "POST", body, ...init });
  const encoded = new Response(body);
  return new Request(url, {
    method: "POST",
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
  });
}

type Answer = { status: number; body: EnquiryActionData; errors: Record<string, string[] | null> };

async function send(
  request: Request | Promise<Request>,
  ip = freshIp(),
  action = contactEnquiryAction,
  now?: Date,
): Promise<Answer> {
  const response = (await action(await request, { clientIp: ip, now })) as unknown as {
    data: EnquiryActionData;
    init: ResponseInit | null;
  };
  return {
    status: response.init?.status ?? 200,
    body: response.data,
    errors: response.data.result.error ?? {},
  };
}

/** Every stored enquiry attachment, as the storage lists them (the disk's folder or the bucket). */
async function storedUploads() {
  const names: string[] = [];
  for await (const file of getStorage().list("contact_uploads")) names.push(file.name);
  return names;
}

/** Every file in the quarantine, in any request's folder. */
function quarantined() {
  const root = quarantineRoot();
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function rows() {
  return database.current.db.select().from(contactQueries);
}

/** Nothing kept anywhere: no row, no stored file, no file waiting in quarantine. */
async function expectNothingKept() {
  expect(puts, "writes to storage").toEqual([]);
  expect(await rows()).toEqual([]);
  expect(await storedUploads()).toEqual([]);
  expect(quarantined()).toEqual([]);
}

/** The one row's attachment is the one file in storage, whole. */
async function expectStoredOnce(bytes: Buffer) {
  expect(puts, "writes to storage").toEqual(["contact_uploads"]);
  const [row, ...others] = await rows();
  expect(others).toEqual([]);
  const stored = parseStoredPath(row?.fileUrl);
  expect(stored?.bucket).toBe("contact_uploads");
  expect(await storedUploads()).toEqual([stored?.name]);
  const { stream } = await getStorage().get("contact_uploads", stored?.name ?? "");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  expect(quarantined()).toEqual([]);
  return row;
}

let site = 0;
/** Every write storage received in this test, by bucket. */
let puts: string[] = [];

/** The storage, with every write it receives noted. */
function noting(storage: Storage): Storage {
  return {
    ...storage,
    put(bucket, originalName, body, options) {
      puts.push(bucket);
      return storage.put(bucket, originalName, body, options);
    },
  };
}

describe.each(["disk", "s3"] as const)("on the %s", (where) => {
  beforeEach(async () => {
    site += 1;
    puts = [];
    setStorage(
      noting(
        where === "s3"
          ? s3.storage({ prefix: `site-${site}/` })
          : createLocalStorage(path.join(database.current.storageRoot, `site-${site}`)),
      ),
    );
    await database.current.db.delete(contactQueries);
    await database.current.db.delete(rateLimitCounters);
  });

  test("a person's enquiry stores its file once, named by its type, and leaves nothing in quarantine", async () => {
    const { status, body } = await send(post(enquiryForm()));
    expect(status).toBe(200);
    expect(body.status).toBe("success");
    const row = await expectStoredOnce(PDF);
    expect(row).toMatchObject({ status: "New", spamReason: null });
    expect(row?.fileUrl).toMatch(/^contact_uploads\/\d{13}-[0-9a-f]{16}\.pdf$/);
  });

  test("a flood far past the limit is refused unread: 429, nothing kept", async () => {
    const ip = freshIp();
    const now = new Date();
    // Ninety posts this hour already, three times the hourly limit.
    for (let i = 0; i < 90; i++) await checkEnquiryRate(ip, now);
    const { status, body } = await send(post(enquiryForm()), ip, contactEnquiryAction, now);
    expect(status).toBe(429);
    expect(body.result.error?.[""]).toEqual([RATE_LIMITED_MESSAGE]);
    await expectNothingKept();
  });

  test("over the rate limit: 429, the post kept as Spam evidence without its file", async () => {
    const ip = freshIp();
    const now = new Date();
    for (let i = 0; i < 5; i++) await checkEnquiryRate(ip, now);
    const sixth = post(enquiryForm({ fullName: "Sixth Sender" }));
    const { status, body } = await send(sixth, ip, contactEnquiryAction, now);
    expect(status).toBe(429);
    expect(body.status).toBe("rate_limited");
    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      fullName: "Sixth Sender",
      status: "Spam",
      spamReason: "rate_limit",
      fileUrl: null,
    });
    expect(await storedUploads()).toEqual([]);
    expect(quarantined()).toEqual([]);
  });

  test("an unreadable body (cut off inside its file) is refused: 400, nothing kept", async () => {
    const form = new Response(enquiryForm({}, pdf(Buffer.concat([PDF, Buffer.alloc(200_000, 0x20)]))));
    const bytes = new Uint8Array(await form.arrayBuffer());
    const contentType = form.headers.get("content-type") ?? "";
    const { status, body } = await send(
      post(bytes.subarray(0, bytes.length - 100_000), { headers: { "content-type": contentType } }),
    );
    expect(status).toBe(400);
    expect(body.result.error?.[""]).toEqual([UNREADABLE_FORM]);
    await expectNothingKept();
  });

  test("a form the schema refuses keeps no file: 400 with the messages", async () => {
    const { status, errors } = await send(post(enquiryForm({ fullName: "A", message: "short" })));
    expect(status).toBe(400);
    expect(errors.fullName).toEqual(["Name must be at least 2 characters"]);
    expect(errors.message).toEqual(["Message must be at least 10 characters"]);
    await expectNothingKept();
  });

  test("a file too large, of the wrong type, or a PDF with scripts: refused with its message, nothing kept", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES, 0x20)]);
    const cases: [File, number, string][] = [
      [pdf(big, "big.pdf"), 413, FILE_TOO_LARGE],
      [pdf(EXE, "invoice.pdf"), 400, INVALID_FILE_TYPE],
      [pdf(SCRIPTED_PDF, "plans.pdf"), 400, PDF_WITH_SCRIPTS],
    ];
    for (const [file, expected, message] of cases) {
      puts = [];
      const { status, errors } = await send(post(enquiryForm({}, file)));
      expect(status, message).toBe(expected);
      expect(errors.file, message).toEqual([message]);
      await expectNothingKept();
    }
  });

  test("a honeypot post is answered as a person's and kept as Spam with its file, stored once", async () => {
    const { status, body } = await send(post(enquiryForm({ website: "https://spam.example" })));
    expect(status).toBe(200);
    expect(body.status).toBe("success");
    const row = await expectStoredOnce(PDF);
    expect(row).toMatchObject({ status: "Spam", spamReason: "honeypot" });
  });

  test("when the database refuses the row the stored file is removed: 503, nothing kept, the token usable again", async () => {
    const db = database.current.db;
    await db.execute(
      sql`alter table contact_queries add constraint test_refuse check (email <> 'refuse@example.com')`,
    );
    const token = issueFormToken(new Date(Date.now() - 60_000));
    try {
      const { status, body } = await send(
        post(enquiryForm({ email: "refuse@example.com", formToken: token })),
      );
      expect(status).toBe(503);
      expect(body.status).toBe("failed");
      // The values come back, for the visitor to send again.
      expect(body.result.initialValue).toMatchObject({ fullName: VALID_ENQUIRY.fullName });
      // Judged and taken, the file was stored before the transaction, and removed when it failed.
      expect(puts).toEqual(["contact_uploads"]);
      expect(await rows()).toEqual([]);
      expect(await storedUploads()).toEqual([]);
      expect(quarantined()).toEqual([]);
    } finally {
      await db.execute(sql`alter table contact_queries drop constraint test_refuse`);
    }
    // The failed post did not spend the page's token: sent again, it is a person's enquiry.
    puts = [];
    expect((await send(post(enquiryForm({ formToken: token })))).status).toBe(200);
    const row = await expectStoredOnce(PDF);
    expect(row).toMatchObject({ status: "New", spamReason: null });
  });

  test("a client that goes away mid-upload leaves nothing behind", async () => {
    const encoded = new Response(enquiryForm({}, pdf(Buffer.concat([PDF, Buffer.alloc(2_000_000, 0x20)]))));
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > bytes.length / 2) {
          controller.error(new Error("connection reset by peer"));
          return;
        }
        controller.enqueue(bytes.subarray(sent, sent + 64 * 1024));
        sent += 64 * 1024;
      },
    });
    const request = await post(body, {
      headers: { "content-type": encoded.headers.get("content-type") ?? "" },
      duplex: "half",
    } as RequestInit);
    const { status } = await send(request);
    expect(status).toBe(400);
    await expectNothingKept();
  });

  test("the home page's quick form goes through the same gates", async () => {
    const url = "http://localhost/?index";
    const refused = await send(
      post(enquiryForm({}, pdf(EXE, "x.pdf")), {}, url),
      freshIp(),
      quickEnquiryAction,
    );
    expect(refused.status).toBe(400);
    expect(refused.errors.file).toEqual([INVALID_FILE_TYPE]);
    await expectNothingKept();
    puts = [];
    const taken = await send(post(enquiryForm(), {}, url), freshIp(), quickEnquiryAction);
    expect(taken.status).toBe(200);
    const row = await expectStoredOnce(PDF);
    expect(row).toMatchObject({ source: "quick", subject: "Quick Inquiry" });
    expect(
      await database.current.db.select().from(contactQueries).where(eq(contactQueries.source, "contact")),
    ).toEqual([]);
  });
});
