import { parse } from "csv-parse/sync";
import { desc, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Role } from "~/lib/vocabulary";
import { listEnquiries, listSubjects } from "~/modules/enquiries/admin.server";
import { formatReference } from "~/modules/enquiries/reference";
import { action, loader } from "~/routes/admin/contact-management";
import { action as exportAction, loader as exportLoader } from "~/routes/resources/enquiries-csv";
import { contactQueries, contactSubjects, enquiryLines, products } from "~/server/db/schema";
import { getStorage } from "~/server/storage/storage.server";
import { readToast } from "~/server/toast.server";
import { cookieFor } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { createUser } from "../support/users";

const database = useTestDatabase();

function db() {
  return database.current.db;
}

/** A new signed-in user of the role (a fresh account each call). */
function signedIn(role: Role) {
  return cookieFor(role, Math.random().toString(36).slice(2));
}

let adminCookie: string | undefined;
async function admin() {
  adminCookie ??= await signedIn("admin");
  return adminCookie;
}

function form(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return body;
}

async function settle(run: () => Promise<unknown>) {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const cookie = outcome.headers.get("set-cookie")?.split(";")[0] ?? "";
    const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie } }));
    return { status: outcome.status, response: outcome, toast, errors: {} as Record<string, string[]> };
  }
  const answer = outcome as {
    data: { result?: { error?: Record<string, string[]> } };
    init?: { status?: number };
  };
  return {
    status: answer.init?.status ?? 200,
    response: null,
    toast: null,
    errors: answer.data?.result?.error ?? {},
  };
}

async function post(fields: Record<string, string>, cookie?: string) {
  const request = new Request("http://localhost/admin/contact-management?tab=subjects", {
    method: "POST",
    headers: { cookie: cookie ?? (await admin()), "content-type": "application/x-www-form-urlencoded" },
    body: form(fields),
  });
  return settle(() => action({ request, params: {}, context: {} } as never));
}

async function exportGet(search: string, cookie?: string) {
  const request = new Request(`http://localhost/admin/contact-management/export${search}`, {
    headers: { cookie: cookie ?? (await admin()) },
  });
  return settle(() => exportLoader({ request, params: {}, context: {} } as never));
}

async function exportPost(ids: string[]) {
  const request = new Request("http://localhost/admin/contact-management/export", {
    method: "POST",
    headers: { cookie: await admin(), "content-type": "application/x-www-form-urlencoded" },
    body: form({ ids }),
  });
  return settle(() => exportAction({ request, params: {}, context: {} } as never));
}

function parseCsv(text: string): string[][] {
  return parse(text, { bom: true });
}

function reference(row: { referenceNo: number; createdAt: Date }) {
  return formatReference(row.referenceNo, row.createdAt);
}

async function enquiry(values: Partial<typeof contactQueries.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Mere Parata",
      email: "mere@example.co.nz",
      subject: "Product Information",
      message: "Please send me a price for 40 sheets of GIB.",
      ...values,
    })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
}

test("enquiries are paged by 10, newest first, and searched on name, email and subject", async () => {
  const base = Date.now();
  for (let i = 0; i < 14; i++) {
    await enquiry({
      fullName: i === 3 ? "Hēmi Walker" : `Customer ${i}`,
      email: i === 5 ? "orders@kauri-builders.nz" : `c${i}@example.com`,
      subject: i % 4 === 0 ? "Delivery" : "Quote",
      createdAt: new Date(base - (14 - i) * 60_000),
    });
  }
  const first = await listEnquiries({ page: 1, q: "" });
  expect(first).toMatchObject({ total: 14, page: 1, pageCount: 2 });
  expect(first.rows).toHaveLength(10);
  expect(first.rows[0]?.fullName).toBe("Customer 13");
  expect((await listEnquiries({ page: 2, q: "" })).rows).toHaveLength(4);
  expect((await listEnquiries({ page: 1, q: "hēmi" })).rows.map((r) => r.fullName)).toEqual(["Hēmi Walker"]);
  expect((await listEnquiries({ page: 1, q: "KAURI" })).total).toBe(1);
  expect((await listEnquiries({ page: 1, q: "delivery" })).total).toBe(4);

  const request = new Request("http://localhost/admin/contact-management?q=quote", {
    headers: { cookie: await admin() },
  });
  const data = (await loader({ request, params: {}, context: {} } as never)) as {
    queries: { total: number };
  };
  expect(data.queries.total).toBe(10);
});

test("deleting a query removes its stored file too", async () => {
  const stored = await getStorage().put(
    "contact_uploads",
    "plan.pdf",
    new TextEncoder().encode("%PDF-1.4 plan"),
  );
  const row = await enquiry({ fullName: "File Sender", fileUrl: stored.path });
  const request = new Request("http://localhost/admin/contact-management", {
    headers: { cookie: await admin() },
  });
  const data = (await loader({ request, params: {}, context: {} } as never)) as {
    queries: { rows: { id: string; fileHref: string | null }[] };
  };
  expect(data.queries.rows.find((r) => r.id === row.id)?.fileHref).toBe(
    `/admin/files/contact_uploads/${stored.name}`,
  );

  const answer = await post({ intent: "delete-query", id: row.id });
  expect(answer.toast?.title).toBe("Query deleted successfully");
  expect(await db().select().from(contactQueries).where(eq(contactQueries.id, row.id))).toHaveLength(0);
  expect(await getStorage().exists("contact_uploads", stored.name)).toBe(false);

  const again = await post({ intent: "delete-query", id: row.id });
  expect(again.status).toBe(400);
});

test("subjects: created active, renamed, switched off, searched, duplicates refused, deleted", async () => {
  const created = await post({ intent: "create-subject", subjectName: "Trade Account" });
  expect(created.toast?.title).toBe("Subject created successfully");
  const [subject] = await db()
    .select()
    .from(contactSubjects)
    .where(eq(contactSubjects.subjectName, "Trade Account"));
  expect(subject?.isActive).toBe(true);
  if (!subject) throw new Error("not created");

  const required = await post({ intent: "create-subject", subjectName: " " });
  expect(required.status).toBe(400);
  expect(required.errors.subjectName).toEqual(["Subject name is required"]);

  const duplicate = await post({ intent: "create-subject", subjectName: "trade account" });
  expect(duplicate.status).toBe(400);
  expect(duplicate.errors[""]).toEqual(['A subject named "trade account" already exists.']);

  const renamed = await post({
    intent: "update-subject",
    id: subject.id,
    subjectName: "Trade Accounts",
    isActive: "on",
  });
  expect(renamed.toast?.title).toBe("Subject updated successfully");
  await post({ intent: "toggle-subject", id: subject.id });
  const [off] = await db().select().from(contactSubjects).where(eq(contactSubjects.id, subject.id));
  expect(off).toMatchObject({ subjectName: "Trade Accounts", isActive: false });

  await post({ intent: "create-subject", subjectName: "Returns" });
  expect((await listSubjects("")).map((s) => s.subjectName).slice(0, 2)).toEqual([
    "Returns",
    "Trade Accounts",
  ]);
  expect((await listSubjects("ACCOUNT")).map((s) => s.subjectName)).toEqual(["Trade Accounts"]);

  const deleted = await post({ intent: "delete-subject", id: subject.id });
  expect(deleted.toast?.title).toBe("Subject deleted successfully");
  expect((await listSubjects("account")).length).toBe(0);
});

test("Export Selected gives back exactly the stored fields, formula cells neutralised, with a BOM", async () => {
  const tricky = await enquiry({
    fullName: "=SUM(A1)",
    email: "kia.ora@whānau.nz",
    phone: "+64 21 555 0199",
    subject: "@x",
    message: 'Deliver to Ōtāhuhu, "gate 2",\r\nthen Whangārei\n-5 sheets short',
    fileUrl: "contact_uploads/1764000000000-0123456789abcdef.pdf",
    createdAt: new Date("2026-03-04T05:06:07.089Z"),
  });
  const plain = await enquiry({
    fullName: "Tama Ngata",
    phone: "-5",
    createdAt: new Date("2026-03-04T06:00:00.000Z"),
  });
  const answer = await exportPost([tricky.id, plain.id]);
  expect(answer.status).toBe(200);
  const response = answer.response as Response;
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="contact_queries_selected_2_\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
  expect(rows).toEqual([
    [
      "Full Name",
      "Email",
      "Phone",
      "Subject",
      "Message",
      "File URL",
      "Date",
      "Reference",
      "Status",
      "Owner",
      "Products",
      "Quote State",
      "Accepted Total",
    ],
    [
      "Tama Ngata",
      "mere@example.co.nz",
      "'-5",
      "Product Information",
      "Please send me a price for 40 sheets of GIB.",
      "",
      "2026-03-04T06:00:00.000Z",
      reference(plain),
      "New",
      "",
      "",
      "",
      "",
    ],
    [
      "'=SUM(A1)",
      "kia.ora@whānau.nz",
      "'+64 21 555 0199",
      "'@x",
      'Deliver to Ōtāhuhu, "gate 2",\r\nthen Whangārei\n-5 sheets short',
      "contact_uploads/1764000000000-0123456789abcdef.pdf",
      "2026-03-04T05:06:07.089Z",
      reference(tricky),
      "New",
      "",
      "",
      "",
      "",
    ],
  ]);

  const one = await exportGet(`?ids=${tricky.id}`);
  expect((one.response as Response).headers.get("content-disposition")).toMatch(
    /contact_queries_selected_1_/,
  );
  expect(parseCsv(await (one.response as Response).text())).toHaveLength(2);
});

test("the follow-up columns: reference, status, owner and the quote-list lines in position order", async () => {
  const owner = await createUser({
    email: "owen-owner@example.nz",
    name: "Owen Owner",
    role: "sales",
    password: "a-long-password-1",
  });
  const [product] = await db().insert(products).values({ name: "GIB Board 10mm" }).returning();
  const row = await enquiry({
    fullName: "Lines Customer",
    status: "Quoted",
    ownerId: owner.id,
    createdAt: new Date("2026-05-01T00:00:00Z"),
  });
  await db()
    .insert(enquiryLines)
    .values([
      { enquiryId: row.id, productId: null, productName: "=cmd|' /C calc'!A0", quantity: 1, position: 2 },
      {
        enquiryId: row.id,
        productId: product?.id ?? null,
        productName: "GIB Board 10mm",
        quantity: 5,
        position: 1,
      },
      { enquiryId: row.id, productId: null, productName: "H3.2 Pine 90x45, 4.8m", quantity: 2, position: 0 },
    ]);
  const selected = parseCsv(await ((await exportPost([row.id])).response as Response).text());
  const expected = [
    `TC-2026-${String(row.referenceNo).padStart(6, "0")}`,
    "Quoted",
    "Owen Owner",
    "2 × H3.2 Pine 90x45, 4.8m; 5 × GIB Board 10mm; 1 × =cmd|' /C calc'!A0",
  ];
  expect(selected[1]?.slice(7, 11)).toEqual(expected);

  const all = parseCsv(await ((await exportGet("")).response as Response).text());
  expect(all.find((line) => line[0] === "Lines Customer")?.slice(7, 11)).toEqual(expected);
  await db().delete(contactQueries).where(eq(contactQueries.id, row.id));
});

test("Export Selected with nothing selected goes back with the spec's toast; bad ids are a 400", async () => {
  const none = await exportPost([]);
  expect(none.status).toBe(302);
  expect(none.toast).toMatchObject({
    title: "No queries selected",
    description: "Please select at least one query to export.",
  });
  const bad = await exportPost(["not-a-uuid"]);
  expect(bad.status).toBe(400);
  const tooMany = await exportPost(Array.from({ length: 1001 }, () => crypto.randomUUID()));
  expect(tooMany.status).toBe(400);
});

test("Export All streams every enquiry, newest first, in keyset batches", async () => {
  await db().delete(contactQueries);
  const base = Date.parse("2026-01-01T00:00:00Z");
  const total = 2500;
  for (let start = 0; start < total; start += 500) {
    await db()
      .insert(contactQueries)
      .values(
        Array.from({ length: 500 }, (_, k) => {
          const i = start + k;
          // Pairs share a timestamp, so the id tie-break of the cursor matters.
          return {
            fullName: `Customer ${String(i).padStart(4, "0")}`,
            email: `c${i}@example.com`,
            subject: "Quote",
            message: `Enquiry number ${i}, please call.`,
            createdAt: new Date(base + Math.floor(i / 2) * 1000),
          };
        }),
      );
  }
  // Microseconds that a JS Date cannot hold: the cursor must not lose them.
  await db().execute(
    sql`update contact_queries set created_at = created_at + interval '123 microseconds' where email like 'c1%'`,
  );

  const answer = await exportGet("");
  const response = answer.response as Response;
  expect(response.headers.get("content-disposition")).toMatch(
    /filename="contact_queries_all_\d{4}-\d{2}-\d{2}\.csv"/,
  );
  expect(response.body).toBeInstanceOf(ReadableStream);
  const [header, ...rows] = parseCsv(await response.text());
  expect(header?.[0]).toBe("Full Name");
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((r) => r[1])).size).toBe(total);

  const expected = await db()
    .select({ email: contactQueries.email })
    .from(contactQueries)
    .orderBy(desc(contactQueries.createdAt), desc(contactQueries.id));
  expect(rows.map((r) => r[1])).toEqual(expected.map((r) => r.email));
});

test("exports and Contact Management are admin-only", async () => {
  const sales = await signedIn("sales");
  const page = await exportGet("", sales);
  expect(page.status).toBe(302);
  expect(page.response?.headers.get("location")).toBe("/admin");
  expect(await exportGet("", "")).toMatchObject({ status: 302 });
  const write = await post({ intent: "create-subject", subjectName: "From sales" }, sales);
  expect(write.status).toBe(403);
  expect(await listSubjects("From sales")).toHaveLength(0);
});
