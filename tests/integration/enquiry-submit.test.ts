import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import type { EnquiryActionData } from "~/modules/enquiries/schema";
import { getPublicSubjects, prefillFromUrl } from "~/modules/enquiries/subjects.server";
import { contactQueries, contactSubjects } from "~/server/db/schema";
import { issueFormToken } from "~/server/security/form-token.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, quickEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";

const database = useTestDatabase();

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0x90)]);

const VALID = VALID_ENQUIRY;

// Each post comes from an address of its own, so this file never meets the rate limit.
let lastIp = 0;
function nextIp() {
  lastIp += 1;
  return `192.0.2.${lastIp}`;
}

function enquiryForm(overrides: Record<string, string | File | undefined> = {}) {
  const form = new FormData();
  // A form served a minute ago, as a person would have filled it (the spam tests cover the rest);
  // each post a page of its own, since a token is good for one enquiry.
  const formToken = issueFormToken(new Date(Date.now() - 60_000));
  for (const [name, value] of Object.entries({ ...VALID, formToken, ...overrides })) {
    if (value !== undefined) form.append(name, value);
  }
  return form;
}

function post(body: BodyInit, init: RequestInit = {}) {
  return new Request("http://localhost/contact", { method: "POST", body, ...init });
}

type Action = (request: Request, options: { clientIp: string }) => Promise<unknown>;

async function send(action: Action, request: Request) {
  const response = (await action(request, { clientIp: nextIp() })) as {
    data: EnquiryActionData;
    init: ResponseInit | null;
  };
  return {
    status: response.init?.status ?? 200,
    body: response.data,
    errors: response.data.result.error ?? {},
  };
}

async function storedRows() {
  return database.current.db.select().from(contactQueries);
}

function storedFiles() {
  const dir = path.join(database.current.storageRoot, "contact_uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function clearEnquiries() {
  await database.current.db.delete(contactQueries);
  fs.rmSync(path.join(database.current.storageRoot, "contact_uploads"), { recursive: true, force: true });
}

test("an empty contact form gets every required message, status 400, and nothing is stored", async () => {
  const form = new FormData();
  form.append("fullName", "");
  form.append("email", "");
  form.append("subject", "");
  form.append("message", "");
  const { status, body, errors } = await send(contactEnquiryAction, post(form));
  expect(status).toBe(400);
  expect(body.status).toBe("invalid");
  expect(errors.fullName).toEqual(["Full name is required"]);
  expect(errors.email).toEqual(["Email is required"]);
  expect(errors.subject).toEqual(["Please select a subject"]);
  expect(errors.message).toEqual(["Message is required"]);
  expect(await storedRows()).toHaveLength(0);
});

test("fields missing from the body get the required messages too", async () => {
  const { status, errors } = await send(contactEnquiryAction, post(new FormData()));
  expect(status).toBe(400);
  expect(errors.fullName).toEqual(["Full name is required"]);
  expect(errors.subject).toEqual(["Please select a subject"]);
});

test("short name, bad e-mail and short message get the spec's messages", async () => {
  const { status, errors } = await send(
    contactEnquiryAction,
    post(enquiryForm({ fullName: "A", email: "not-an-email", message: "Too short" })),
  );
  expect(status).toBe(400);
  expect(errors.fullName).toEqual(["Name must be at least 2 characters"]);
  expect(errors.email).toEqual(["Please enter a valid email address"]);
  expect(errors.message).toEqual(["Message must be at least 10 characters"]);
  expect(errors.subject).toBeUndefined();
  expect(await storedRows()).toHaveLength(0);
});

test("lengths are counted after trimming: spaces do not make a name or a message", async () => {
  const { status, errors } = await send(
    contactEnquiryAction,
    post(enquiryForm({ fullName: "  a  ", message: "   short    ", email: "   " })),
  );
  expect(status).toBe(400);
  expect(errors.fullName).toEqual(["Name must be at least 2 characters"]);
  expect(errors.message).toEqual(["Message must be at least 10 characters"]);
  expect(errors.email).toEqual(["Email is required"]);
});

test("over-long text is refused with a message that names the limit", async () => {
  const { status, errors } = await send(
    contactEnquiryAction,
    post(enquiryForm({ message: "x".repeat(5001), fullName: "n".repeat(101), phone: "1".repeat(41) })),
  );
  expect(status).toBe(400);
  expect(errors.message).toEqual(["Message must be at most 5000 characters"]);
  expect(errors.fullName).toEqual(["Name must be at most 100 characters"]);
  expect(errors.phone).toEqual(["Phone must be at most 40 characters"]);
  expect(await storedRows()).toHaveLength(0);
});

test("the refused values are sent back so a page without JavaScript can show them again", async () => {
  const { body } = await send(contactEnquiryAction, post(enquiryForm({ message: "short" })));
  expect(body.result.initialValue).toMatchObject({
    fullName: VALID.fullName,
    email: VALID.email,
    message: "short",
  });
});

test("a valid enquiry with a PDF is stored, trimmed, with its file in storage", async () => {
  await clearEnquiries();
  const form = enquiryForm({
    fullName: "  Aroha Ngata ",
    email: " aroha@example.co.nz ",
    file: new File([PDF], "plans.pdf", { type: "application/pdf" }),
  });
  const { status, body } = await send(contactEnquiryAction, post(form));
  expect(status).toBe(200);
  expect(body.status).toBe("success");
  expect(body.result.initialValue).toBeNull();
  const [row, ...others] = await storedRows();
  expect(others).toHaveLength(0);
  expect(row).toMatchObject({
    fullName: "Aroha Ngata",
    email: "aroha@example.co.nz",
    phone: VALID.phone,
    subject: VALID.subject,
    message: VALID.message,
    source: "contact",
    status: "New",
    spamReason: null,
    closedAt: null,
  });
  expect(row?.fileUrl).toMatch(/^contact_uploads\/\d{13}-[0-9a-f]{16}\.pdf$/);
  const stored = parseStoredPath(row?.fileUrl);
  expect(stored).not.toBeNull();
  if (!stored) return;
  expect(await getStorage().exists(stored.bucket, stored.name)).toBe(true);
  const { stream } = await getStorage().get(stored.bucket, stored.name);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
});

test("without a file the enquiry is stored with no file_url, and a blank phone as null", async () => {
  await clearEnquiries();
  const { status } = await send(contactEnquiryAction, post(enquiryForm({ phone: "  " })));
  expect(status).toBe(200);
  const [row] = await storedRows();
  expect(row?.fileUrl).toBeNull();
  expect(row?.phone).toBeNull();
  expect(storedFiles()).toEqual([]);
});

test("an empty file input (no file chosen) is not an attachment", async () => {
  await clearEnquiries();
  const { status } = await send(contactEnquiryAction, post(enquiryForm({ file: new File([], "") })));
  expect(status).toBe(200);
  const [row] = await storedRows();
  expect(row?.fileUrl).toBeNull();
  expect(storedFiles()).toEqual([]);
});

test("a program renamed .pdf is refused as 'Invalid file type': no row, no file", async () => {
  await clearEnquiries();
  const form = enquiryForm({ file: new File([EXE], "invoice.pdf", { type: "application/pdf" }) });
  const { status, errors } = await send(contactEnquiryAction, post(form));
  expect(status).toBe(400);
  expect(errors.file).toEqual(["Invalid file type"]);
  expect(await storedRows()).toHaveLength(0);
  expect(storedFiles()).toEqual([]);
});

test("the type is read from the bytes: a PNG named .pdf is accepted and stored as .png", async () => {
  await clearEnquiries();
  const form = enquiryForm({ file: new File([PNG], "photo.pdf", { type: "application/pdf" }) });
  const { status } = await send(contactEnquiryAction, post(form));
  expect(status).toBe(200);
  const [row] = await storedRows();
  expect(row?.fileUrl).toMatch(/\.png$/);
});

test("Word documents are accepted by their bytes: a .docx package and a Word 97 compound file", async () => {
  await clearEnquiries();
  // A .docx is a zip holding [Content_Types].xml and word/ (tests/fixtures/deck-plans.docx); a
  // .doc is an OLE2 compound file.
  const docx = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/deck-plans.docx"));
  const doc = Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(2048),
  ]);
  for (const [bytes, name] of [
    [docx, "deck plans.docx"],
    [doc, "site notes.doc"],
  ] as const) {
    const { status } = await send(contactEnquiryAction, post(enquiryForm({ file: new File([bytes], name) })));
    expect(status).toBe(200);
  }
  const stored = (await storedRows()).map((row) => row.fileUrl?.split(".").at(-1)).sort();
  expect(stored).toEqual(["doc", "docx"]);
});

test("an 11 MB file is refused as 'File too large': no row, no file", async () => {
  await clearEnquiries();
  const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
  const form = enquiryForm({ file: new File([big], "big.pdf", { type: "application/pdf" }) });
  const { status, errors, body } = await send(contactEnquiryAction, post(form));
  expect(status).toBe(413);
  expect(errors.file).toEqual(["File too large"]);
  // The fields after the file were still read, so the form can show them again.
  expect(body.result.initialValue).toMatchObject({ fullName: VALID.fullName });
  expect(await storedRows()).toHaveLength(0);
  expect(storedFiles()).toEqual([]);
});

test("a file of exactly 10 MB is accepted", async () => {
  await clearEnquiries();
  const exact = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length, 0x20)]);
  const form = enquiryForm({ file: new File([exact], "exact.pdf", { type: "application/pdf" }) });
  const { status } = await send(contactEnquiryAction, post(form));
  expect(status).toBe(200);
  expect(storedFiles()).toHaveLength(1);
});

test("a file with invalid fields is not kept", async () => {
  await clearEnquiries();
  const form = enquiryForm({ fullName: "", file: new File([PDF], "plans.pdf", { type: "application/pdf" }) });
  const { status } = await send(contactEnquiryAction, post(form));
  expect(status).toBe(400);
  expect(storedFiles()).toEqual([]);
});

test("when the insert fails the stored file is removed and the failure is reported", async () => {
  await clearEnquiries();
  const db = database.current.db;
  // A real constraint makes the database refuse this one row, after the upload has happened.
  await db.execute(
    sql`alter table contact_queries add constraint test_refuse check (email <> 'refuse@example.com')`,
  );
  try {
    const form = enquiryForm({
      email: "refuse@example.com",
      file: new File([PDF], "plans.pdf", { type: "application/pdf" }),
    });
    const { status, body } = await send(contactEnquiryAction, post(form));
    expect(status).toBe(503);
    expect(body.status).toBe("failed");
    expect(await storedRows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  } finally {
    await db.execute(sql`alter table contact_queries drop constraint test_refuse`);
  }
});

test("the quick form stores 'Quick Inquiry' whatever subject is posted", async () => {
  await clearEnquiries();
  const { status } = await send(
    quickEnquiryAction,
    post(enquiryForm({ subject: "Something else entirely" })),
  );
  expect(status).toBe(200);
  const withoutSubject = enquiryForm();
  withoutSubject.delete("subject");
  expect((await send(quickEnquiryAction, post(withoutSubject))).status).toBe(200);
  const rows = await storedRows();
  expect(rows.map((r) => [r.subject, r.source, r.status])).toEqual([
    ["Quick Inquiry", "quick", "New"],
    ["Quick Inquiry", "quick", "New"],
  ]);
});

test("the quick form has the same messages and the same file rules", async () => {
  await clearEnquiries();
  const { status, errors } = await send(
    quickEnquiryAction,
    post(enquiryForm({ fullName: "", email: "x@", message: "", file: new File([EXE], "a.docx") })),
  );
  expect(status).toBe(400);
  expect(errors.fullName).toEqual(["Full name is required"]);
  expect(errors.email).toEqual(["Please enter a valid email address"]);
  expect(errors.message).toEqual(["Message is required"]);
  expect(errors.file).toEqual(["Invalid file type"]);
  expect(errors.subject).toBeUndefined();

  const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
  const tooLarge = await send(quickEnquiryAction, post(enquiryForm({ file: new File([big], "big.pdf") })));
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.errors.file).toEqual(["File too large"]);
  expect(await storedRows()).toHaveLength(0);
  expect(storedFiles()).toEqual([]);
});

test("the product named in the form is sent as the message's first line", async () => {
  await clearEnquiries();
  const form = enquiryForm({ subject: "Product Information", product: " Pine Framing 90x45 " });
  expect((await send(contactEnquiryAction, post(form))).status).toBe(200);
  const [row] = await storedRows();
  expect(row?.message).toBe(`Product: Pine Framing 90x45\n\n${VALID.message}`);
});

test("a url-encoded post (no file) works", async () => {
  await clearEnquiries();
  const body = new URLSearchParams(VALID);
  const { status } = await send(
    contactEnquiryAction,
    post(body.toString(), { headers: { "content-type": "application/x-www-form-urlencoded" } }),
  );
  expect(status).toBe(200);
  expect(await storedRows()).toHaveLength(1);
});

test("other bodies and methods are refused without a 500", async () => {
  await clearEnquiries();
  const json = await send(
    contactEnquiryAction,
    post(JSON.stringify(VALID), { headers: { "content-type": "application/json" } }),
  );
  expect(json.status).toBe(415);
  const put = await send(
    contactEnquiryAction,
    new Request("http://localhost/contact", { method: "PUT", body: enquiryForm() }),
  );
  expect(put.status).toBe(405);
  const broken = await send(
    contactEnquiryAction,
    post('--x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nA', {
      headers: { "content-type": "multipart/form-data; boundary=x" },
    }),
  );
  expect(broken.status).toBe(400);
  const intent = enquiryForm();
  intent.append("__intent__", "{not json");
  expect((await send(contactEnquiryAction, post(intent))).status).toBe(200);
  const twoFiles = enquiryForm({ file: new File([PDF], "a.pdf") });
  twoFiles.append("file", new File([PDF], "b.pdf"));
  expect((await send(contactEnquiryAction, post(twoFiles))).status).toBe(400);
  expect(storedFiles()).toEqual([]);
});

test("subjects are the active ones by name, or the defaults when there are none", async () => {
  const db = database.current.db;
  expect(await getPublicSubjects()).toEqual({
    subjects: ["General Inquiry", "Product Information", "Quote Request", "Technical Support", "Other"],
    loadFailed: false,
  });
  await db
    .insert(contactSubjects)
    .values([
      { subjectName: "Warranty" },
      { subjectName: "Delivery" },
      { subjectName: "Old subject", isActive: false },
    ]);
  expect((await getPublicSubjects()).subjects).toEqual(["Delivery", "Warranty"]);
  await db.delete(contactSubjects);
});

test("the URL preselects a matching subject, adds an unknown one, and names the product", () => {
  const subjects = ["General Inquiry", "Product Information"];
  expect(
    prefillFromUrl(new URL("http://x/contact?subject=product%20information&product=Pine"), subjects),
  ).toEqual({
    subjects,
    subject: "Product Information",
    product: "Pine",
  });
  expect(prefillFromUrl(new URL("http://x/contact?subject=Returns"), subjects)).toEqual({
    subjects: [...subjects, "Returns"],
    subject: "Returns",
    product: undefined,
  });
  expect(prefillFromUrl(new URL("http://x/contact?subject=%20&product="), subjects)).toEqual({
    subjects,
    subject: undefined,
    product: undefined,
  });
});
