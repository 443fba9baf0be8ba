// "Send this list for a quote" from a customer's job: the contact form prefilled for the job's
// owner only (who they are, the job's name and site, its list of published products); the
// enquiry stored with the account, the job's name and site address and the job's lines, the
// quote list kept; another customer's job (or any job without a session) refused with 400 and
// nothing written; staff see the job on the enquiry, and the quote made from it prints its site.
import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { JOB_NOT_YOURS } from "~/modules/enquiries/commands.server";
import type { EnquiryActionData } from "~/modules/enquiries/schema";
import { encodeQuoteList } from "~/modules/quote-list/quote-list-cookie";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import * as adminEnquiry from "~/routes/admin/enquiry";
import * as contactPage from "~/routes/public/contact";
import { contactQueries, enquiryLines, products, users } from "~/server/db/schema";
import { issueFormToken } from "~/server/security/form-token.server";
import { pageRequest } from "../support/access";
import { cookieFor, settle } from "../support/admin-action";
import { createAppHandler, routeContext } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";
import { readPdf, squash } from "../support/pdf";
import { openDraftAs, quoteStaff, saveDraftAs, sendAs } from "../support/quotes";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

const product = {} as Record<"deck" | "screws" | "hidden", { id: string; name: string }>;
const cookies = {} as Record<"hemi" | "aroha" | "admin", string>;

beforeAll(async () => {
  for (const [key, name, isPublished] of [
    ["deck", "Kwila Decking 90x19", true],
    ["screws", "Decking Screws 10g", true],
    ["hidden", "Retired Stain 4L", true],
  ] as const) {
    const [row] = await db()
      .insert(products)
      .values({ name, isPublished })
      .returning({ id: products.id, name: products.name });
    if (!row) throw new Error("seed failed");
    product[key] = row;
  }
  cookies.hemi = await cookieFor("user", "hemi");
  cookies.aroha = await cookieFor("user", "aroha");
  cookies.admin = await cookieFor("admin", "staff");
  await db().update(users).set({ phone: "021 555 0199" }).where(eq(users.email, "user-hemi@example.nz"));
});

function post(url: string, cookie: string, fields: Record<string, string>) {
  return app(pageRequest(url, cookie, { method: "POST", body: new URLSearchParams(fields) }));
}

/** Hemi's job "Walker house" with 20 decking, 3 screws and a product since taken off the catalogue. */
async function walkerHouse() {
  const created = await post("/account/jobs", cookies.hemi, {
    intent: "create-job",
    name: "Walker house",
    siteAddress: "14 Kowhai Lane, Raglan",
  });
  const id = /^\/account\/jobs\/([0-9a-f-]{36})$/.exec(created.headers.get("Location") ?? "")?.[1];
  if (!id) throw new Error("no job");
  await db().update(products).set({ isPublished: true }).where(eq(products.id, product.hidden.id));
  for (const [key, quantity] of [
    ["deck", "20"],
    ["screws", "3"],
    ["hidden", "1"],
  ] as const) {
    const added = await post("/account/job-items", cookies.hemi, {
      jobId: id,
      productId: product[key].id,
      quantity,
      redirectTo: `/account/jobs/${id}`,
    });
    expect(added.status).toBe(303);
  }
  await db().update(products).set({ isPublished: false }).where(eq(products.id, product.hidden.id));
  return id;
}

function contactLoader(path: string, cookie: string) {
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  return settle(() => contactPage.loader({ request, params: {}, context: routeContext() } as never));
}

let lastIp = 0;

/** The contact form posted (multipart, as the page's form is) with `cookie`, and its answer. */
async function sendContact(cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  const all = { ...VALID_ENQUIRY, formToken: issueFormToken(new Date(Date.now() - 60_000)), ...fields };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  const encoded = new Response(form);
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { "content-type": encoded.headers.get("content-type") ?? "", cookie },
  });
  lastIp += 1;
  const response = (await contactEnquiryAction(request, { clientIp: `198.51.100.${lastIp}` })) as unknown as {
    data: EnquiryActionData;
    init: ResponseInit | null;
  };
  return {
    status: response.init?.status ?? 200,
    data: response.data,
    setCookie: new Headers(response.init?.headers).get("Set-Cookie") ?? "",
  };
}

async function enquiriesFrom(email: string) {
  return db().select().from(contactQueries).where(eq(contactQueries.email, email));
}

async function linesOf(enquiryId: string) {
  return db()
    .select({
      productId: enquiryLines.productId,
      name: enquiryLines.productName,
      quantity: enquiryLines.quantity,
    })
    .from(enquiryLines)
    .where(eq(enquiryLines.enquiryId, enquiryId))
    .orderBy(asc(enquiryLines.position));
}

test("the job's page offers its list for a quote, and the contact form is prefilled from the job for its owner only", async () => {
  const jobId = await walkerHouse();
  const page = await (await app(pageRequest(`/account/jobs/${jobId}`, cookies.hemi))).text();
  expect(page).toContain(`href="/contact?job=${jobId}"`);
  expect(page).toContain("Send this list for a quote");

  const path = `/contact?job=${jobId}`;
  const owner = (await contactLoader(path, cookies.hemi)).body as Record<string, unknown>;
  expect(owner.defaultSubject).toBe("Quote Request");
  expect(owner.message).toBe("Job: Walker house, 14 Kowhai Lane, Raglan\n\n");
  expect(owner.person).toEqual({
    fullName: "user person",
    email: "user-hemi@example.nz",
    phone: "021 555 0199",
  });
  expect(owner.fromJob).toEqual({
    job: { id: jobId, name: "Walker house", siteAddress: "14 Kowhai Lane, Raglan" },
    lines: [
      { productId: product.deck.id, productName: product.deck.name, quantity: 20 },
      { productId: product.screws.id, productName: product.screws.name, quantity: 3 },
    ],
  });
  const html = await (await app(pageRequest(path, cookies.hemi))).text();
  expect(html).toContain(`name="job" value="${jobId}"`);
  expect(html).toContain("Your job&#x27;s list");
  expect(html).toContain("Kwila Decking 90x19");
  expect(html).not.toContain("Retired Stain 4L");

  // Another customer, a signed-out visitor and staff get the plain form, nothing of the job.
  for (const cookie of [cookies.aroha, "", cookies.admin]) {
    const other = (await contactLoader(path, cookie)).body as Record<string, unknown>;
    expect(other.fromJob).toBeNull();
    expect(other.message).toBeUndefined();
    expect(other.person).toBeUndefined();
    const otherHtml = await (await app(pageRequest(path, cookie))).text();
    expect(otherHtml).not.toContain("Walker house");
    expect(otherHtml).not.toContain('name="job"');
  }
  // An id that is not a job's is the plain form too.
  for (const bad of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    const plain = (await contactLoader(`/contact?job=${bad}`, cookies.hemi)).body as Record<string, unknown>;
    expect(plain.fromJob).toBeNull();
  }
});

test("sent from the job: the enquiry keeps the account, the job's name and site and its lines; the quote list is kept; staff see the job and the quote's PDF prints the site", async () => {
  const jobId = await walkerHouse();
  const email = "hemi-job@example.nz";
  const quoteList = `tc_quote=${encodeQuoteList([{ productId: product.screws.id, quantity: 99 }])}`;
  const sent = await sendContact(`${cookies.hemi}; ${quoteList}`, {
    email,
    message: "Job: Walker house, 14 Kowhai Lane, Raglan\n\nDelivery in March please.",
    job: jobId,
  });
  expect(sent.status).toBe(200);
  expect(sent.data.status).toBe("success");
  // The quote list is not emptied: no cookie clears it.
  expect(sent.setCookie).not.toContain("tc_quote=");

  const [enquiry] = await enquiriesFrom(email);
  const [hemi] = await db().select().from(users).where(eq(users.email, "user-hemi@example.nz"));
  expect(enquiry).toMatchObject({
    userId: hemi?.id,
    jobId,
    jobName: "Walker house",
    jobSiteAddress: "14 Kowhai Lane, Raglan",
    status: "New",
  });
  if (!enquiry) throw new Error("not stored");
  // The job's published products, as named and counted now; not the quote list's.
  expect(await linesOf(enquiry.id)).toEqual([
    { productId: product.deck.id, name: product.deck.name, quantity: 20 },
    { productId: product.screws.id, name: product.screws.name, quantity: 3 },
  ]);

  // Staff see the job on the enquiry's page.
  const staffRequest = new Request(`http://localhost/admin/contact-management/${enquiry.id}`, {
    headers: { cookie: cookies.admin },
  });
  const view = (await adminEnquiry.loader({
    request: staffRequest,
    params: { id: enquiry.id },
    context: routeContext(),
  } as never)) as { enquiry: { job: unknown } };
  expect(view.enquiry.job).toEqual({
    id: jobId,
    name: "Walker house",
    siteAddress: "14 Kowhai Lane, Raglan",
  });
  const staffPage = await (
    await app(pageRequest(`/admin/contact-management/${enquiry.id}`, cookies.admin))
  ).text();
  expect(staffPage).toContain("14 Kowhai Lane, Raglan");

  // A quote made from it prints the job and its site address.
  const staff = await quoteStaff();
  const draft = await openDraftAs(staff, enquiry.id);
  await saveDraftAs(
    staff,
    draft.id,
    quoteDraftSchema.parse({
      customerName: "Hemi Walker",
      customerEmail: email,
      validUntil: nzDatePlusDays(30),
      lines: [{ description: "Kwila Decking 90x19", quantityMilli: "20", unitPriceCents: "12.50" }],
    }),
  );
  await sendAs(staff, draft.id);
  const pdf = await app(pageRequest(`/admin/quotes/${draft.id}/pdf`, cookies.admin));
  expect(pdf.status).toBe(200);
  const read = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
  const text = squash(read.pages.join("\n"));
  expect(text).toContain(squash("Walker house"));
  expect(text).toContain(squash("14 Kowhai Lane, Raglan"));
});

test("another customer's job, a job id without a session, or one that is not a job is refused with 400 and nothing is written", async () => {
  const jobId = await walkerHouse();
  const cases = [
    { who: "aroha", cookie: cookies.aroha, job: jobId },
    { who: "signed out", cookie: "", job: jobId },
    { who: "staff", cookie: cookies.admin, job: jobId },
    { who: "not a uuid", cookie: cookies.hemi, job: "not-a-job" },
    { who: "no such job", cookie: cookies.hemi, job: "00000000-0000-4000-8000-000000000000" },
  ];
  for (const { who, cookie, job } of cases) {
    const email = `forged-${who.replaceAll(" ", "-")}@example.nz`;
    const refused = await sendContact(cookie, { email, job });
    expect(refused.status, who).toBe(400);
    expect(refused.data.status, who).toBe("invalid");
    expect(refused.data.result.error?.[""], who).toEqual([JOB_NOT_YOURS]);
    expect(await enquiriesFrom(email), who).toEqual([]);
  }
});

test("a signed-in customer's plain enquiry names their account and takes the quote list; a visitor's names none", async () => {
  const quoteList = `tc_quote=${encodeQuoteList([{ productId: product.deck.id, quantity: 5 }])}`;
  const mine = await sendContact(`${cookies.aroha}; ${quoteList}`, { email: "aroha-plain@example.nz" });
  expect(mine.status).toBe(200);
  expect(mine.setCookie).toContain("tc_quote=;");
  const [aroha] = await db().select().from(users).where(eq(users.email, "user-aroha@example.nz"));
  const [enquiry] = await enquiriesFrom("aroha-plain@example.nz");
  expect(enquiry).toMatchObject({ userId: aroha?.id, jobId: null, jobName: null, jobSiteAddress: null });
  expect(await linesOf(enquiry?.id ?? "")).toEqual([
    { productId: product.deck.id, name: product.deck.name, quantity: 5 },
  ]);

  const visitor = await sendContact("", { email: "visitor-plain@example.nz" });
  expect(visitor.status).toBe(200);
  const [stored] = await enquiriesFrom("visitor-plain@example.nz");
  expect(stored).toMatchObject({ userId: null, jobId: null });
});
