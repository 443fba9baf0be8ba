// The customer account beside an enquiry sent from it, on the staff enquiry page (admins, and
// sales while they may quote): the customer's details and whether the account is active, their
// jobs (the enquiry's job marked) with their lines and last change, and the quotes sent to the
// account's confirmed address, each linking to the staff quote page; never another customer's
// jobs or quotes, nor a draft. An enquiry from a visitor, or from an account since deleted, has
// no such section; an inactive account keeps its quotes, an unconfirmed address has none.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { formatNzDate } from "~/lib/nz-date";
import { DEFAULT_QUOTE_SETTINGS } from "~/modules/quotes/settings";
import { deleteUser } from "~/modules/users/commands.server";
import * as adminEnquiry from "~/routes/admin/enquiry";
import { runCommand } from "~/server/commands/runner.server";
import { contactQueries, jobs, products, users } from "~/server/db/schema";
import { pageRequest } from "../support/access";
import { cookieFor, settle } from "../support/admin-action";
import { createAppHandler, routeContext } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { draftQuoteFor, quoteStaff, sendAs, setQuoteSettings } from "../support/quotes";
import { setUserActive, staffActorOf } from "../support/users";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

const product = {} as Record<"deck" | "screws", { id: string; name: string }>;
const staff = {} as Record<"admin" | "sales", string>;

beforeAll(async () => {
  for (const [key, name] of [
    ["deck", "Kwila Decking 90x19"],
    ["screws", "Decking Screws 10g"],
  ] as const) {
    const [row] = await db()
      .insert(products)
      .values({ name })
      .returning({ id: products.id, name: products.name });
    if (!row) throw new Error("seed failed");
    product[key] = row;
  }
  staff.admin = await cookieFor("admin", "staff");
  staff.sales = await cookieFor("sales", "staff");
});

const unique = () => crypto.randomBytes(4).toString("hex");

function post(url: string, cookie: string, fields: Record<string, string>) {
  return app(pageRequest(url, cookie, { method: "POST", body: new URLSearchParams(fields) }));
}

/** A customer account (signed in through the sign-in form's check), named and with its details. */
async function customer(name: string, details: { phone?: string; company?: string } = {}) {
  const tag = unique();
  const cookie = await cookieFor("user", tag);
  const email = `user-${tag}@example.nz`;
  const [row] = await db()
    .update(users)
    .set({ name, phone: details.phone ?? null, company: details.company ?? null })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!row) throw new Error("no account");
  return { id: row.id, email, cookie };
}

/** A job of the customer's, made through their jobs page, with `lines` added from product pages. */
async function jobOf(
  cookie: string,
  name: string,
  siteAddress: string,
  lines: (keyof typeof product)[] = [],
) {
  const created = await post("/account/jobs", cookie, { intent: "create-job", name, siteAddress });
  const id = /^\/account\/jobs\/([0-9a-f-]{36})$/.exec(created.headers.get("Location") ?? "")?.[1];
  if (!id) throw new Error("no job");
  for (const key of lines) {
    const added = await post("/account/job-items", cookie, {
      jobId: id,
      productId: product[key].id,
      quantity: "4",
      redirectTo: `/account/jobs/${id}`,
    });
    expect(added.status).toBe(303);
  }
  return id;
}

/** A quote sent to `email` (3 × $19.99 plus GST: $68.97), or only drafted. */
async function quoteTo(email: string, { send = true } = {}) {
  const sender = await quoteStaff();
  const { draft } = await draftQuoteFor(db(), sender, { fields: { customerEmail: email } });
  if (send) await sendAs(sender, draft.id);
  return { id: draft.id, number: draft.number };
}

/** An enquiry as the contact form stores it: from the account (and its job) when given. */
async function enquiryFrom(
  sender: { userId?: string; job?: { id: string; name: string; siteAddress: string } } = {},
) {
  const [row] = await db()
    .insert(contactQueries)
    .values({
      fullName: "Hemi Walker",
      email: `sender-${unique()}@example.nz`,
      subject: "Quote Request",
      message: "Please quote the list of my job.",
      userId: sender.userId ?? null,
      jobId: sender.job?.id ?? null,
      jobName: sender.job?.name ?? null,
      jobSiteAddress: sender.job?.siteAddress ?? null,
    })
    .returning({ id: contactQueries.id });
  if (!row) throw new Error("not inserted");
  return row.id;
}

type Loaded = {
  customer: {
    name: string;
    email: string;
    phone: string | null;
    company: string | null;
    isActive: boolean;
    jobs: { id: string; name: string; siteAddress: string; status: string; lineCount: number }[];
    quotes: { id: string; number: string; state: string; totalCents: number }[];
  } | null;
};

async function loaded(id: string, cookie = staff.admin) {
  const request = new Request(`http://localhost/admin/contact-management/${id}`, { headers: { cookie } });
  const outcome = await settle(() =>
    adminEnquiry.loader({ request, params: { id }, context: routeContext() } as never),
  );
  expect(outcome.status).toBe(200);
  return outcome.body as Loaded;
}

async function page(id: string, cookie = staff.admin) {
  const response = await app(pageRequest(`/admin/contact-management/${id}`, cookie));
  expect(response.status).toBe(200);
  return response.text();
}

const SECTION = 'id="customer-account-heading"';

/** The list item of the page that holds `text`. */
function itemWith(html: string, text: string) {
  return html.match(/<li[\s>][\s\S]*?<\/li>/g)?.find((item) => item.includes(text)) ?? "";
}

test("staff see the account's details, its jobs (this enquiry's marked) and its quotes, and no other customer's", async () => {
  const hemi = await customer("Hemi Walker", { phone: "021 555 0199", company: "Walker Builds Ltd" });
  const walker = await jobOf(hemi.cookie, "Walker house", "14 Kowhai Lane, Raglan", ["deck", "screws"]);
  const shed = await jobOf(hemi.cookie, "Garden shed", "2 Rimu Road, Raglan");
  const first = await quoteTo(hemi.email.toUpperCase());
  const second = await quoteTo(hemi.email);
  const draft = await quoteTo(hemi.email, { send: false });

  const aroha = await customer("Aroha Ngata");
  await jobOf(aroha.cookie, "Aroha's bach", "9 Pohutukawa Drive, Whitianga", ["deck"]);
  const hers = await quoteTo(aroha.email);

  const id = await enquiryFrom({
    userId: hemi.id,
    job: { id: walker, name: "Walker house", siteAddress: "14 Kowhai Lane, Raglan" },
  });

  const { customer: seen } = await loaded(id);
  expect(seen).toMatchObject({
    name: "Hemi Walker",
    email: hemi.email,
    phone: "021 555 0199",
    company: "Walker Builds Ltd",
    isActive: true,
  });
  // The most recently changed job first.
  expect(
    seen?.jobs.map(({ id, name, siteAddress, status, lineCount }) => ({
      id,
      name,
      siteAddress,
      status,
      lineCount,
    })),
  ).toEqual([
    { id: shed, name: "Garden shed", siteAddress: "2 Rimu Road, Raglan", status: "active", lineCount: 0 },
    {
      id: walker,
      name: "Walker house",
      siteAddress: "14 Kowhai Lane, Raglan",
      status: "active",
      lineCount: 2,
    },
  ]);
  // The last sent first; a draft is not listed.
  expect(
    seen?.quotes.map(({ id, number, state, totalCents }) => ({ id, number, state, totalCents })),
  ).toEqual([
    { id: second.id, number: second.number, state: "open", totalCents: 6897 },
    { id: first.id, number: first.number, state: "open", totalCents: 6897 },
  ]);

  const html = await page(id);
  expect(html).toContain(SECTION);
  for (const text of [
    "Hemi Walker",
    hemi.email,
    "021 555 0199",
    "Walker Builds Ltd",
    "Garden shed",
    "2 Rimu Road, Raglan",
    "This enquiry&#x27;s job",
    formatNzDate(new Date()),
    `href="/admin/quotes/${first.id}"`,
    `href="/admin/quotes/${second.id}"`,
    first.number,
    "$68.97",
  ])
    expect(html).toContain(text);
  // The mark sits on the enquiry's job, not the other one.
  expect(itemWith(html, "Walker house")).toContain("This enquiry&#x27;s job");
  expect(itemWith(html, "Walker house")).toContain("2 lines · updated");
  expect(itemWith(html, "Garden shed")).not.toContain("This enquiry&#x27;s job");
  for (const text of [
    "Aroha Ngata",
    "bach",
    "9 Pohutukawa Drive",
    hers.number,
    `/admin/quotes/${hers.id}`,
    `/admin/quotes/${draft.id}`,
  ])
    expect(html).not.toContain(text);

  // Aroha's enquiry shows Aroha's account, and none of Hemi's.
  const hersId = await enquiryFrom({ userId: aroha.id });
  const other = await loaded(hersId);
  expect(other.customer?.jobs.map((job) => job.name)).toEqual(["Aroha's bach"]);
  expect(other.customer?.quotes.map((quote) => quote.id)).toEqual([hers.id]);
  const herPage = await page(hersId);
  for (const text of ["Walker house", "Garden shed", first.number, second.number, "This enquiry&#x27;s job"])
    expect(herPage).not.toContain(text);
});

test("sales, while they may quote, see the same section", async () => {
  const hemi = await customer("Hemi Sales-Test");
  await jobOf(hemi.cookie, "Sales house", "1 Totara Street, Taupo", ["screws"]);
  const quote = await quoteTo(hemi.email);
  const id = await enquiryFrom({ userId: hemi.id });
  await setQuoteSettings({ ...DEFAULT_QUOTE_SETTINGS, salesMayQuote: true });
  try {
    const html = await page(id, staff.sales);
    expect(html).toContain(SECTION);
    expect(html).toContain("Sales house");
    expect(html).toContain(`href="/admin/quotes/${quote.id}"`);
  } finally {
    await setQuoteSettings(DEFAULT_QUOTE_SETTINGS);
  }
});

test("an enquiry from a visitor, or from an account since deleted, shows no customer account", async () => {
  const visitor = await enquiryFrom();
  expect((await loaded(visitor)).customer).toBeNull();
  expect(await page(visitor)).not.toContain(SECTION);

  const tama = await customer("Tama Deleted");
  const job = await jobOf(tama.cookie, "Tama's deck", "5 Kauri Crescent, Nelson", ["deck"]);
  const quote = await quoteTo(tama.email);
  const id = await enquiryFrom({
    userId: tama.id,
    job: { id: job, name: "Tama's deck", siteAddress: "5 Kauri Crescent, Nelson" },
  });
  expect(await page(id)).toContain(SECTION);

  const [admin] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "admin-staff@example.nz"));
  await runCommand(deleteUser, await staffActorOf(admin?.id ?? ""), { id: tama.id });
  expect(await db().select().from(jobs).where(eq(jobs.id, job))).toEqual([]);
  expect((await loaded(id)).customer).toBeNull();
  const html = await page(id);
  expect(html).not.toContain(SECTION);
  expect(html).not.toContain(`/admin/quotes/${quote.id}`);
  // The enquiry keeps the job as it was named when sent.
  expect(html).toContain("Tama&#x27;s deck, 5 Kauri Crescent, Nelson");
});

test("an inactive account is marked so and keeps its quotes; an unconfirmed address has none", async () => {
  const wiremu = await customer("Wiremu Inactive");
  const quote = await quoteTo(wiremu.email);
  await setUserActive(wiremu.id, false);
  const inactive = await enquiryFrom({ userId: wiremu.id });
  const seen = (await loaded(inactive)).customer;
  expect(seen?.isActive).toBe(false);
  expect(seen?.quotes.map((q) => q.id)).toEqual([quote.id]);
  const html = await page(inactive);
  expect(html).toMatch(/>Inactive<\/span>/);
  expect(html).toContain(`href="/admin/quotes/${quote.id}"`);

  const hine = await customer("Hine Unconfirmed");
  const unmatched = await quoteTo(hine.email);
  await db().update(users).set({ emailVerified: false }).where(eq(users.id, hine.id));
  const unconfirmed = await enquiryFrom({ userId: hine.id });
  expect((await loaded(unconfirmed)).customer?.quotes).toEqual([]);
  const text = await page(unconfirmed);
  expect(text).toContain("(not confirmed)");
  expect(text).toContain("no quote is matched to it");
  expect(text).not.toContain(`/admin/quotes/${unmatched.id}`);
});
