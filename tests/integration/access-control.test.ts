// Access control over the whole route table of app/routes.ts: every route's loader and every
// action intent, for an anonymous visitor, a signed-in user, sales, admin and a deactivated admin
// (whose session must be refused), against the outcome written down here. A route added to
// app/routes.ts without a rule here fails the first test. Then object-level checks: the staff
// download route never serves a file outside contact_uploads, and no public response (page HTML,
// `.data`, resource routes) carries a price, an enquiry, an account's e-mail or an unpublished
// product, found by marker strings seeded for the purpose.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { quoteListCookie } from "~/modules/quote-list/quote-list.server";
import { nzDatePlusDays } from "~/modules/quotes/drafts.server";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import {
  brands,
  buildingInfoSheets,
  caseStudies,
  categories,
  contactQueries,
  enquiryLines,
  jobs,
  products,
  users,
} from "~/server/db/schema";
import { getStorage } from "~/server/storage/storage.server";
import { pageRequest, VISITORS, type Visitor, visitorCookie, visitorEmail } from "../support/access";
import { type Outcome, settle } from "../support/admin-action";
import { ADMIN_INTENTS } from "../support/admin-intents";
import { createAppHandler, flattenRoutes, importRoute, routeContext } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { openDraftAs, quoteStaff, saveDraftAs, sendAs } from "../support/quotes";
import { createUser } from "../support/users";

const database = useTestDatabase();
const app = createAppHandler();

// ---------------------------------------------------------------------------------------------
// What is seeded, with strings no page would have by chance.

const MARK = {
  price: 98765.43,
  originalPrice: 87654.32,
  hiddenPrice: 76543.21,
  unpublished: "UNPUBLISHED-zq81",
  enquiryText: "ENQUIRY-TEXT-kq42",
  enquirerName: "Enquirer Zxq",
  enquirerEmail: "enquirer-zx7@example.org",
  staffEmail: "staff-marker-m5@example.nz",
  upload: "CONTACT-UPLOAD-SECRET-r8",
  outside: "OUTSIDE-STORAGE-SECRET-w2",
  media: "MEDIA-PUBLIC-FILE-p3",
};

const seeded = {} as {
  productSlug: string;
  productId: string;
  hiddenSlug: string;
  hiddenId: string;
  caseStudySlug: string;
  caseStudyId: string;
  categoryName: string;
  brandId: string;
  enquiryId: string;
  uploadName: string;
  mediaName: string;
  outsidePath: string;
  /** The customer's link to a sent quote (for an enquiry of its own, with no marker in it). */
  quoteToken: string;
  /** That quote, for the back-office quote routes. */
  quoteId: string;
  /** A building product information sheet, for its editor. */
  sheetId: string;
  /** A job of the signed-in customer ("user"), for its page and its list. */
  jobId: string;
  cookies: Record<Visitor, string>;
};

beforeAll(async () => {
  const db = database.current.db;
  const [category] = await db
    .insert(categories)
    .values({ name: "Marker Decking", type: "products" })
    .returning();
  // One building information sheet for the shown product and the hidden one: its printable page
  // is public for the first only.
  const [sheet] = await db
    .insert(buildingInfoSheets)
    .values({ title: "Marker decking line", classification: "not_designated" })
    .returning();
  if (!sheet) throw new Error("seed failed");
  const [brand] = await db.insert(brands).values({ name: "Marker Timber Co" }).returning();
  const [shown] = await db
    .insert(products)
    .values({
      name: "Kwila Marker Decking",
      description: "Hardwood decking for the test.",
      price: MARK.price,
      originalPrice: MARK.originalPrice,
      discountPercentage: 12,
      categoryId: category?.id,
      brandId: brand?.id,
      isFeatured: true,
      isPublished: true,
      buildingInfoId: sheet.id,
    })
    .returning();
  const [hidden] = await db
    .insert(products)
    .values({
      name: `${MARK.unpublished} Cladding`,
      description: "Not yet for sale.",
      price: MARK.hiddenPrice,
      discountPercentage: 40,
      categoryId: category?.id,
      brandId: brand?.id,
      isFeatured: true,
      isPublished: false,
      buildingInfoId: sheet.id,
    })
    .returning();
  const [study] = await db
    .insert(caseStudies)
    .values({ title: "Marker Bach Rebuild", challenge: "Coastal wind.", materials: ["Kwila Marker Decking"] })
    .returning();
  const staff = await createUser({
    email: MARK.staffEmail,
    name: "Staff Marker",
    role: "sales",
    password: "correct-horse-battery-staple",
  });
  const upload = await getStorage().put(
    "contact_uploads",
    "plan.pdf",
    Buffer.from(`%PDF-1.4 ${MARK.upload}`),
  );
  const media = await getStorage().put("media", "photo.png", Buffer.from(MARK.media));
  const [enquiry] = await db
    .insert(contactQueries)
    .values({
      fullName: MARK.enquirerName,
      email: MARK.enquirerEmail,
      phone: "021 000 0000",
      subject: "Quote Request",
      message: `${MARK.enquiryText} please quote 40 lengths`,
      fileUrl: upload.path,
      ownerId: staff.id,
    })
    .returning();
  if (!shown || !hidden || !study || !enquiry || !category || !brand) throw new Error("seed failed");
  await db.insert(enquiryLines).values({
    enquiryId: enquiry.id,
    productId: hidden.id,
    productName: hidden.name,
    quantity: 3,
    position: 0,
  });
  const [quoted] = await db
    .insert(contactQueries)
    .values({
      fullName: "Quote Customer",
      email: "quote-customer@example.org",
      subject: "Quote Request",
      message: "Please quote plywood.",
    })
    .returning();
  if (!quoted) throw new Error("seed failed");
  // Sales may not quote unless Settings > Quotes says so: an admin prepares the quote.
  const quoter = await quoteStaff("Quote Marker");
  const draft = await openDraftAs(quoter, quoted.id);
  await saveDraftAs(
    quoter,
    draft.id,
    quoteDraftSchema.parse({
      customerName: "Quote Customer",
      customerEmail: quoted.email,
      validUntil: nzDatePlusDays(30),
      lines: [{ description: "Plywood 12mm", quantityMilli: "3", unitPriceCents: "19.99" }],
    }),
  );
  const { token: quoteToken } = await sendAs(quoter, draft.id);
  const outsidePath = path.join(path.dirname(database.current.storageRoot), `${MARK.outside}.pdf`);
  fs.writeFileSync(outsidePath, MARK.outside);
  const cookies = {} as Record<Visitor, string>;
  for (const visitor of VISITORS) cookies[visitor] = await visitorCookie(visitor);
  const { eq } = await import("drizzle-orm");
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, visitorEmail("user") as string));
  if (!customer) throw new Error("seed failed");
  const [job] = await db
    .insert(jobs)
    .values({ userId: customer.id, name: "Marker Job", siteAddress: "1 Marker Road" })
    .returning();
  if (!job) throw new Error("seed failed");
  Object.assign(seeded, {
    jobId: job.id,
    productSlug: shown.slug,
    productId: shown.id,
    hiddenSlug: hidden.slug,
    hiddenId: hidden.id,
    caseStudySlug: study.slug,
    caseStudyId: study.id,
    categoryName: category.name,
    brandId: brand.id,
    enquiryId: enquiry.id,
    uploadName: upload.name,
    mediaName: media.name,
    outsidePath,
    quoteToken,
    quoteId: draft.id,
    sheetId: sheet.id,
    cookies,
  });
  return () => fs.rmSync(outsidePath, { force: true });
});

// ---------------------------------------------------------------------------------------------
// The expected outcomes.

type Expected =
  | { status: number | number[]; location?: string | RegExp }
  /** Past the guard: the route did its own work (2xx, a redirect of its own, or a 4xx on the input). */
  | "passes";

const SIGN_IN = { status: 302, location: /^\/auth\?redirectTo=%2F/ };
const HOME = { status: 302, location: "/" };
const TO_ACCOUNT = { status: 302, location: "/account" };
const TO_DASHBOARD = { status: 302, location: "/admin" };
const FORBIDDEN = { status: 403 };
const BACK_TO_CATALOG = { status: 302, location: "/admin/catalog" };
const OK = { status: 200 };
const MOVED_SHEET = (id: string) => ({ status: 301, location: `/admin/catalog/building-information/${id}` });

type PerVisitor = Record<Visitor, Expected>;

function everyone(expected: Expected): PerVisitor {
  return { anonymous: expected, user: expected, sales: expected, admin: expected, deactivated: expected };
}
const staffOnly: PerVisitor = {
  anonymous: SIGN_IN,
  deactivated: SIGN_IN,
  user: TO_ACCOUNT,
  sales: OK,
  admin: OK,
};
/** A customer's own pages: staff are sent to the back office, and may not post there. */
const customerOnly: PerVisitor = {
  anonymous: SIGN_IN,
  deactivated: SIGN_IN,
  user: OK,
  sales: TO_DASHBOARD,
  admin: TO_DASHBOARD,
};
const customerIntent: PerVisitor = {
  anonymous: SIGN_IN,
  deactivated: SIGN_IN,
  user: "passes",
  sales: FORBIDDEN,
  admin: FORBIDDEN,
};
const adminOnly: PerVisitor = { ...staffOnly, sales: TO_DASHBOARD };
const staffIntent: PerVisitor = {
  anonymous: SIGN_IN,
  deactivated: SIGN_IN,
  user: FORBIDDEN,
  sales: "passes",
  admin: "passes",
};
const adminIntent: PerVisitor = { ...staffIntent, sales: FORBIDDEN };

type Rule = {
  /** A URL this route answers (path parameters filled in); none for a pathless layout. */
  url?: string;
  params?: Record<string, string>;
  /** A GET's outcome per visitor (from its loader, or from its layout's for a static page). */
  loader?: PerVisitor;
  /** Every intent the action knows, with its outcome per visitor; absent when it has no action. */
  intents?: Record<string, PerVisitor>;
  /** Fields posted with every intent (besides intent and a junk id). */
  fields?: Record<string, string>;
};

function intents(names: readonly string[], rule: PerVisitor) {
  return Object.fromEntries(names.map((name) => [name, rule]));
}

/** A back-office route's intents, from the list the role matrix and the hostile-input test share. */
function adminIntents(routeId: string, rule: PerVisitor) {
  const names = ADMIN_INTENTS[routeId];
  if (!names) throw new Error(`${routeId} is not in tests/support/admin-intents.ts`);
  return intents(names, rule);
}

/** An import that does not exist: its pages answer 404, once past the guard. */
const NO_SUCH_IMPORT = "00000000-0000-4000-8000-000000000000";

function rules(): Record<string, Rule> {
  const s = seeded;
  return {
    "routes/public/layout": { url: "/privacy", loader: everyone(OK) },
    "routes/public/home": {
      url: "/",
      loader: everyone(OK),
      // The form's own validation answers (no intent field): anyone may post, nobody needs a session.
      intents: { "": everyone({ status: 400 }) },
    },
    "routes/public/auth": {
      url: "/auth",
      loader: { anonymous: OK, user: OK, deactivated: OK, sales: TO_DASHBOARD, admin: TO_DASHBOARD },
      // Refused on its merits (a wrong password; a password too short to sign up with), or by the
      // failed-sign-in limit: never by a missing session.
      intents: {
        ...intents(["sign-in", "sign-up"], everyone({ status: [400, 429] })),
        // Asking for a new confirmation link or a sign-in link: the same answer for anyone, about
        // any address.
        ...intents(["resend-confirmation", "sign-in-link"], everyone({ status: [302, 429] })),
      },
      fields: { email: "nobody@example.org", password: "wrong" },
    },
    // A sign-in link's page: anyone may open it; a token that is no good signs nobody in.
    "routes/public/sign-in-link": {
      url: "/auth/sign-in-link?token=abc",
      loader: everyone(OK),
      intents: { "": everyone({ status: [400, 429] }) },
      fields: { token: "A".repeat(32) },
    },
    "routes/account/layout": { url: "/account", loader: customerOnly },
    "routes/account/overview": {
      url: "/account",
      loader: customerOnly,
      intents: { "save-profile": customerIntent },
      fields: { name: "Hemi Builder", phone: "021 555 0101", company: "Hemi Builds Ltd" },
    },
    "routes/account/settings": {
      url: "/account/settings",
      loader: customerOnly,
      intents: intents(
        ["change-email", "end-session", "end-other-sessions", "delete-account"],
        customerIntent,
      ),
      // Never the account's own address: the deletion is refused on its merits.
      fields: { newEmail: "moved@example.org", confirmEmail: "not-mine@example.org" },
    },
    "routes/account/data": { url: "/account/data", loader: customerOnly },
    "routes/resources/account-data-json": { url: "/account/data.json", loader: customerOnly },
    // The customer's jobs; the offer of the quote list is refused on its input (no list here).
    "routes/account/jobs": {
      url: "/account/jobs",
      loader: customerOnly,
      intents: intents(["create-job", "save-list-new", "save-list-existing", "not-now"], customerIntent),
      fields: { name: "Access Job", siteAddress: "2 Access Lane", jobId: s.jobId },
    },
    // One job of the customer's; deleting it needs the ticked box, which is not posted here.
    "routes/account/job": {
      url: `/account/jobs/${s.jobId}`,
      params: { id: s.jobId },
      loader: customerOnly,
      intents: intents(["save-job", "save-line", "remove-line", "copy-job", "delete-job"], customerIntent),
      fields: {
        name: "Marker Job",
        siteAddress: "1 Marker Road",
        status: "active",
        productId: s.productId,
        quantity: "2",
      },
    },
    // The consent pack of the customer's job: the seeded job's list is empty, so past the guard
    // it is a 409 that says so (account-job-consent-pack.test.ts downloads packs).
    "routes/resources/account-job-consent-pack": {
      url: `/account/jobs/${s.jobId}/consent-pack`,
      params: { id: s.jobId },
      loader: { ...customerOnly, user: { status: 409 } },
    },
    "routes/account/quotes": { url: "/account/quotes", loader: customerOnly },
    // A customer's quote is theirs only when it was sent to their confirmed address: the seeded
    // quote is another customer's, so the signed-in customer gets the 404 any stranger's id gets.
    "routes/account/quote": {
      url: `/account/quotes/${s.quoteId}`,
      params: { id: s.quoteId },
      loader: { ...customerOnly, user: { status: 404 } },
      intents: intents(["accept", "changes", "decline"], { ...customerIntent, user: { status: 404 } }),
    },
    "routes/resources/account-quote-pdf": {
      url: `/account/quotes/${s.quoteId}/pdf`,
      params: { id: s.quoteId },
      loader: { ...customerOnly, user: { status: 404 } },
    },
    "routes/public/catalog": { url: "/catalog", loader: everyone(OK) },
    "routes/public/product": {
      url: `/catalog/${s.productSlug}`,
      params: { slug: s.productSlug },
      loader: everyone(OK),
    },
    "routes/public/building-info": {
      url: `/catalog/${s.productSlug}/building-information`,
      params: { slug: s.productSlug },
      loader: everyone(OK),
    },
    "routes/public/case-studies": { url: "/case-study", loader: everyone(OK) },
    "routes/public/case-study": {
      url: `/case-study/${s.caseStudySlug}`,
      params: { slug: s.caseStudySlug },
      loader: everyone(OK),
    },
    "routes/public/certifications": { url: "/certifications", loader: everyone(OK) },
    // A static page (no loader): only its URL is checked.
    "routes/public/terms": { url: "/terms-conditions", loader: everyone(OK) },
    "routes/public/contact": {
      url: "/contact",
      loader: everyone(OK),
      intents: { "": everyone({ status: 400 }) },
    },
    "routes/public/privacy": { url: "/privacy", loader: everyone(OK) },
    // The customer's quote: the link's token is the key, so a session changes nothing. A post
    // that fills in none of the three forms is refused on its input, for anyone.
    "routes/public/quote": {
      url: `/quote/${s.quoteToken}`,
      params: { token: s.quoteToken },
      loader: everyone(OK),
      intents: intents(["accept", "changes", "decline"], everyone({ status: 400 })),
    },
    "routes/public/not-found": {
      url: "/no-such-page",
      params: { "*": "no-such-page" },
      loader: everyone({ status: 404 }),
    },
    "routes/admin/layout": { url: "/admin", loader: staffOnly },
    "routes/admin/dashboard": {
      url: "/admin",
      loader: staffOnly,
      intents: adminIntents("routes/admin/dashboard", adminIntent),
    },
    "routes/admin/home-management": {
      url: "/admin/home-management",
      loader: adminOnly,
      intents: adminIntents("routes/admin/home-management", adminIntent),
    },
    "routes/admin/home": {
      url: "/admin/home",
      loader: adminOnly,
      intents: adminIntents("routes/admin/home", adminIntent),
    },
    "routes/admin/case-studies": {
      url: "/admin/case-studies",
      loader: adminOnly,
      intents: adminIntents("routes/admin/case-studies", adminIntent),
    },
    "routes/admin/certifications": {
      url: "/admin/certifications",
      loader: adminOnly,
      intents: adminIntents("routes/admin/certifications", adminIntent),
    },
    "routes/admin/catalog": {
      url: "/admin/catalog",
      loader: staffOnly,
      intents: adminIntents("routes/admin/catalog", staffIntent),
    },
    "routes/admin/catalog/building-information": {
      url: "/admin/catalog/building-information",
      loader: staffOnly,
      intents: adminIntents("routes/admin/catalog/building-information", staffIntent),
    },
    "routes/admin/catalog/building-info-sheet": {
      url: `/admin/catalog/building-information/${s.sheetId}`,
      params: { id: s.sheetId },
      loader: staffOnly,
      intents: adminIntents("routes/admin/catalog/building-info-sheet", staffIntent),
    },
    "routes/admin/catalog/searches": {
      url: "/admin/catalog/searches",
      loader: staffOnly,
    },
    // The catalogue import is the admins': sales are sent back to the dashboard.
    "routes/admin/catalog/import": {
      url: "/admin/catalog/import",
      loader: adminOnly,
      intents: adminIntents("routes/admin/catalog/import", adminIntent),
    },
    "routes/admin/catalog/imports": {
      url: "/admin/catalog/imports",
      loader: adminOnly,
      intents: adminIntents("routes/admin/catalog/imports", adminIntent),
    },
    "routes/admin/catalog/import-detail": {
      url: `/admin/catalog/imports/${NO_SUCH_IMPORT}`,
      params: { id: NO_SUCH_IMPORT },
      loader: { ...adminOnly, admin: { status: 404 } },
      intents: adminIntents("routes/admin/catalog/import-detail", adminIntent),
    },
    "routes/resources/catalog-import-report": {
      url: `/admin/catalog/imports/${NO_SUCH_IMPORT}/report`,
      params: { id: NO_SUCH_IMPORT },
      loader: { ...adminOnly, admin: { status: 404 } },
    },
    // The sheets' address before they moved into the catalogue: staff are sent on for good.
    "routes/resources/building-information-moved": {
      url: `/admin/building-information/${s.sheetId}`,
      params: { "*": s.sheetId },
      loader: { ...staffOnly, sales: MOVED_SHEET(s.sheetId), admin: MOVED_SHEET(s.sheetId) },
    },
    "routes/admin/users": {
      url: "/admin/users",
      // Sales sees the Access Denied screen, with status 403 and no user data.
      loader: { ...adminOnly, sales: FORBIDDEN },
      intents: adminIntents("routes/admin/users", adminIntent),
    },
    "routes/admin/settings": {
      url: "/admin/settings",
      loader: adminOnly,
      intents: adminIntents("routes/admin/settings", adminIntent),
    },
    "routes/admin/contact": {
      url: "/admin/contact",
      loader: adminOnly,
      intents: adminIntents("routes/admin/contact", adminIntent),
    },
    "routes/admin/contact-management": {
      url: "/admin/contact-management",
      loader: adminOnly,
      intents: adminIntents("routes/admin/contact-management", adminIntent),
    },
    "routes/admin/enquiry": {
      url: `/admin/contact-management/${s.enquiryId}`,
      params: { id: s.enquiryId },
      loader: adminOnly,
      intents: adminIntents("routes/admin/enquiry", adminIntent),
    },
    "routes/resources/sign-out": {
      url: "/auth/sign-out",
      loader: everyone(HOME),
      // Checked on throwaway sessions below: signing out here would end the visitors' sessions.
      intents: {},
    },
    // The link of the sign-up confirmation e-mail: without a valid token it confirms nothing.
    "routes/resources/confirm-email": {
      url: "/auth/confirm-email?token=forged",
      loader: everyone({ status: 302, location: "/auth" }),
    },
    "routes/resources/quote-list": {
      url: "/quote-list",
      loader: everyone(OK),
      intents: {
        ...intents(["clear"], everyone(OK)),
        ...intents(["add", "set", "remove"], everyone({ status: 400 })),
      },
    },
    // "Add to job" from a product's page: a customer's post, answered with the way back.
    "routes/resources/job-items": {
      url: "/account/job-items",
      loader: { ...customerOnly, user: { status: 302, location: "/account/jobs" } },
      intents: { "": customerIntent },
      fields: {
        jobId: s.jobId,
        productId: s.productId,
        quantity: "1",
        redirectTo: `/catalog/${s.productSlug}`,
      },
    },
    "routes/resources/product-details": {
      url: `/catalog/${s.productSlug}/details`,
      params: { slug: s.productSlug },
      loader: everyone(OK),
    },
    "routes/resources/search-suggestions": { url: "/search/suggestions?q=pine", loader: everyone(OK) },
    "routes/resources/healthz": { url: "/healthz", loader: everyone(OK) },
    "routes/resources/sitemap": { url: "/sitemap.xml", loader: everyone(OK) },
    "routes/resources/robots": { url: "/robots.txt", loader: everyone(OK) },
    "routes/resources/public-file": {
      url: `/files/media/${s.mediaName}`,
      params: { bucket: "media", name: s.mediaName },
      loader: everyone(OK),
    },
    "routes/resources/contact-upload": {
      url: `/admin/files/contact_uploads/${s.uploadName}`,
      params: { name: s.uploadName },
      // Attachments are Contact Management's: a sales session is sent back to /admin, not served.
      loader: adminOnly,
    },
    "routes/resources/enquiries-csv": {
      url: "/admin/contact-management/export",
      loader: adminOnly,
      intents: adminIntents("routes/resources/enquiries-csv", adminIntent),
    },
    "routes/admin/audit": {
      url: "/admin/audit",
      // Sales sees the Access Denied screen, with status 403 and no events.
      loader: { ...adminOnly, sales: FORBIDDEN },
    },
    "routes/resources/audit-csv": {
      url: "/admin/audit/export",
      loader: adminOnly,
    },
    // The catalogue export: whoever may see Catalog Management.
    "routes/resources/catalog-export": {
      url: "/admin/catalog/export?format=csv",
      loader: staffOnly,
    },
    "routes/admin/quotes": {
      url: "/admin/quotes",
      loader: adminOnly,
    },
    "routes/admin/quote": {
      url: `/admin/quotes/${s.quoteId}`,
      params: { id: s.quoteId },
      loader: adminOnly,
      intents: adminIntents("routes/admin/quote", adminIntent),
    },
    "routes/resources/quote-product-picker": {
      url: "/admin/quote-products?q=pine",
      loader: adminOnly,
    },
    "routes/resources/quote-pdf-staff": {
      url: `/admin/quotes/${s.quoteId}/pdf`,
      params: { id: s.quoteId },
      loader: adminOnly,
    },
    // The seeded quote has no catalogue products: past the guard, its pack is a 404 that says so.
    "routes/resources/quote-consent-pack-staff": {
      url: `/admin/quotes/${s.quoteId}/consent-pack`,
      params: { id: s.quoteId },
      loader: { ...adminOnly, admin: { status: 404 } },
    },
    // The pack of products ticked in the catalogue list, for whoever may see the list: asked with
    // none ticked, past the guard it sends them back to the list (consent-pack-selection.test.ts
    // downloads packs).
    "routes/resources/catalog-consent-pack": {
      url: "/admin/catalog/consent-pack",
      loader: { ...staffOnly, sales: BACK_TO_CATALOG, admin: BACK_TO_CATALOG },
    },
    // An empty quote list (no visitor here has one) is sent back to the list, whoever asks.
    "routes/resources/quote-list-consent-pack": {
      url: "/quote-list/consent-pack",
      loader: everyone({ status: 302, location: "/contact#quote-list" }),
    },
    // A published product's pack: anyone may download it (limited per address an hour).
    "routes/resources/product-consent-pack": {
      url: `/catalog/${s.productSlug}/consent-pack`,
      params: { slug: s.productSlug },
      loader: everyone(OK),
    },
    // The customer's link: the seeded quote has no catalogue products, so its pack is a 404 that
    // says so, whoever holds the link.
    "routes/resources/quote-consent-pack": {
      url: `/quote/${s.quoteToken}/consent-pack`,
      params: { token: s.quoteToken },
      loader: everyone({ status: 404 }),
    },
    "routes/resources/quote-pdf": {
      url: `/quote/${s.quoteToken}/pdf`,
      params: { token: s.quoteToken },
      loader: everyone(OK),
    },
  };
}

const TABLE = flattenRoutes();

// ---------------------------------------------------------------------------------------------
// Reading outcomes.

/** Every string that must never be in a response a visitor is not entitled to. */
function forbiddenStrings(visitor: Visitor) {
  const own = visitorEmail(visitor);
  const accounts = VISITORS.map(visitorEmail).filter((email): email is string => !!email && email !== own);
  return [
    ...[MARK.price, MARK.originalPrice, MARK.hiddenPrice].flatMap(priceSpellings),
    MARK.unpublished,
    MARK.enquiryText,
    MARK.enquirerName,
    MARK.enquirerEmail,
    MARK.staffEmail,
    MARK.upload,
    MARK.outside,
    ...accounts,
  ];
}

/** A price as JSON, a plain string or a formatted amount would spell it. */
function priceSpellings(price: number) {
  const [whole = "", cents = ""] = price.toFixed(2).split(".");
  const grouped = Number(whole).toLocaleString("en-NZ");
  return [`${whole}.${cents}`, `${grouped}.${cents}`, `${whole},${cents}`];
}

function expectNoLeak(text: string, visitor: Visitor, where: string) {
  for (const secret of forbiddenStrings(visitor)) {
    expect(text.includes(secret), `${where} (${visitor}) contains "${secret}"`).toBe(false);
  }
}

function expectOutcome(
  actual: { status: number; location: string | null },
  expected: Expected,
  where: string,
) {
  if (expected === "passes") {
    expect(actual.status, where).toBeGreaterThanOrEqual(200);
    expect(actual.status, where).toBeLessThan(500);
    expect([401, 403], where).not.toContain(actual.status);
    expect(actual.location ?? "", where).not.toMatch(/^\/auth\?redirectTo=/);
    return;
  }
  if (Array.isArray(expected.status)) expect(expected.status, where).toContain(actual.status);
  else expect(actual.status, where).toBe(expected.status);
  if (expected.location instanceof RegExp) expect(actual.location ?? "", where).toMatch(expected.location);
  else if (expected.location !== undefined) expect(actual.location, where).toBe(expected.location);
}

function isDenied(status: number, location: string | null) {
  return (
    status === 401 ||
    status === 403 ||
    (location ?? "").startsWith("/auth") ||
    location === "/" ||
    location === "/account" ||
    location === "/admin"
  );
}

function outcomeText(outcome: Outcome) {
  return JSON.stringify(outcome.body ?? null);
}

// ---------------------------------------------------------------------------------------------

test("every route in app/routes.ts has a rule here, and every rule names a route that exists", async () => {
  const table = rules();
  const ids = TABLE.map((route) => route.id);
  expect(ids.length).toBeGreaterThanOrEqual(30);
  for (const id of ids) expect(table[id], `${id} (app/routes.ts) has no access rule`).toBeDefined();
  for (const id of Object.keys(table))
    expect(ids, `rule for ${id}, which is not in app/routes.ts`).toContain(id);
  for (const route of TABLE) {
    const mod = await importRoute(route.file);
    const rule = table[route.id] as Rule;
    if (typeof mod.loader === "function")
      expect(rule.loader, `${route.id}: no rule for its loader`).toBeDefined();
    if (!route.layout) expect(rule.loader && rule.url, `${route.id}: no rule for a GET of it`).toBeTruthy();
    expect(Boolean(rule.intents), `${route.id}: a rule for its action iff it has one`).toBe(
      typeof mod.action === "function",
    );
    // The intents a route module spells out itself are all listed.
    const source = fs.readFileSync(path.resolve("app", route.file), "utf8");
    for (const literal of source.matchAll(/intent: z\.literal\("([a-z-]+)"\)/g)) {
      expect(Object.keys(rule.intents ?? {}), `${route.id} intent ${literal[1]}`).toContain(literal[1]);
    }
  }
});

test("every loader, called by itself, answers each kind of visitor as its rule says and leaks nothing when it refuses", async () => {
  const table = rules();
  for (const route of TABLE) {
    const rule = table[route.id] as Rule;
    const mod = await importRoute(route.file);
    if (!rule.loader || !rule.url || typeof mod.loader !== "function") continue;
    const loader = mod.loader as (args: unknown) => unknown;
    for (const visitor of VISITORS) {
      const request = pageRequest(rule.url, seeded.cookies[visitor]);
      const outcome = await settle(() =>
        loader({ request, params: rule.params ?? {}, context: contextFor() }),
      );
      const where = `loader ${route.id} as ${visitor}`;
      expectOutcome(outcome, rule.loader[visitor], where);
      if (isDenied(outcome.status, outcome.location)) expectNoLeak(outcomeText(outcome), visitor, where);
    }
  }
});

test("every page and resource URL, through the app as a browser asks for it, answers each visitor as the rules say", async () => {
  const table = rules();
  for (const route of TABLE) {
    const rule = table[route.id] as Rule;
    if (!rule.loader || !rule.url || route.layout) continue;
    for (const visitor of VISITORS) {
      const response = await app(pageRequest(rule.url, seeded.cookies[visitor]));
      const location = response.headers.get("Location");
      const where = `GET ${rule.url} as ${visitor}`;
      expectOutcome({ status: response.status, location }, rule.loader[visitor], where);
      const text = await response.text();
      if (isDenied(response.status, location)) {
        // A redirect has no body; a 403 page is its Access Denied screen and nothing else.
        if (response.status === 403) {
          expect(response.statusText, where).toBe("Forbidden");
          expect(text, where).toContain("Access Denied");
        } else expect(text, where).toBe("");
        expectNoLeak(text, visitor, where);
        // The same page's data request (a client-side navigation) is refused as bare, too.
        const data = await app(pageRequest(dataUrl(rule.url), seeded.cookies[visitor]));
        expect(data.status, `${where} (.data)`).toBeLessThan(500);
        expectNoLeak(await data.text(), visitor, `${where} (.data)`);
      }
    }
  }
});

test("every action intent answers each kind of visitor as its rule says; a refusal carries no data", async () => {
  const table = rules();
  let tried = 0;
  for (const route of TABLE) {
    const rule = table[route.id] as Rule;
    if (!rule.intents) continue;
    const mod = await importRoute(route.file);
    const action = mod.action as (args: unknown) => unknown;
    for (const [intent, perVisitor] of Object.entries(rule.intents)) {
      for (const visitor of VISITORS) {
        const body = new URLSearchParams({ ...(intent ? { intent } : {}), id: "x", ...rule.fields });
        const request = pageRequest(rule.url ?? "/", seeded.cookies[visitor], { method: "POST", body });
        const outcome = await settle(() =>
          action({ request, params: rule.params ?? {}, context: contextFor() }),
        );
        const where = `${intent || "(form)"} on ${route.id} as ${visitor}`;
        expectOutcome(outcome, perVisitor[visitor], where);
        if (isDenied(outcome.status, outcome.location)) expectNoLeak(outcomeText(outcome), visitor, where);
        tried += 1;
      }
    }
  }
  expect(tried).toBeGreaterThanOrEqual(50 * VISITORS.length);
});

test("signing out works for every visitor and ends that session only", async () => {
  const mod = await importRoute("routes/resources/sign-out.ts");
  const action = mod.action as (args: unknown) => unknown;
  const { cookieFor } = await import("../support/admin-action");
  for (const visitor of VISITORS) {
    const cookie =
      visitor === "anonymous" || visitor === "deactivated"
        ? seeded.cookies[visitor]
        : await cookieFor(visitor, "sign-out");
    const outcome = await settle(() =>
      action({
        request: pageRequest("/auth/sign-out", cookie, { method: "POST" }),
        params: {},
        context: contextFor(),
      }),
    );
    expectOutcome(outcome, HOME, `sign-out as ${visitor}`);
    if (visitor === "sales" || visitor === "admin") {
      const after = await app(pageRequest("/admin", cookie));
      expect(after.status, `${visitor} after sign-out`).toBe(302);
      expect(after.headers.get("Location")).toMatch(/^\/auth/);
      // The other session of the same role is untouched.
      const other = await app(pageRequest("/admin", seeded.cookies[visitor]));
      expect(other.status, `${visitor}'s other session`).toBe(200);
    }
  }
});

test("a deactivated account's cookie is refused everywhere", async () => {
  const db = database.current.db;
  const { eq } = await import("drizzle-orm");
  const [leaver] = await db
    .select()
    .from(users)
    .where(eq(users.email, visitorEmail("deactivated") as string));
  expect(leaver?.isActive).toBe(false);
  for (const url of [
    "/admin",
    "/admin/users",
    "/admin/contact-management/export",
    `/admin/files/contact_uploads/${seeded.uploadName}`,
  ]) {
    const response = await app(pageRequest(url, seeded.cookies.deactivated));
    expect(response.status, url).toBe(302);
    expect(response.headers.get("Location"), url).toMatch(/^\/auth\?redirectTo=/);
  }
  // The admin data request too (what a client-side navigation fetches).
  const data = await app(pageRequest("/admin/users.data", seeded.cookies.deactivated));
  expectNoLeak(await data.text(), "deactivated", "/admin/users.data");
});

// ---------------------------------------------------------------------------------------------
// Object level: the staff download route.

const TRAVERSALS = [
  "..",
  ".",
  "../..",
  "../media/NAME_MEDIA",
  "..%2fmedia%2fNAME_MEDIA",
  "%2e%2e%2fmedia%2fNAME_MEDIA",
  "%2e%2e/%2e%2e/OUTSIDE",
  "../../OUTSIDE",
  "../../../../../../etc/passwd",
  "..\\..\\OUTSIDE",
  "/etc/passwd",
  "OUTSIDE_ABS",
  "NAME_UPLOAD\u0000.pdf",
  "NAME_UPLOAD%00",
  "NAME_UPLOAD/",
  "NAME_UPLOAD/..",
  "./NAME_UPLOAD",
  "contact_uploads/NAME_UPLOAD",
  "NAME_MEDIA",
  "%252e%252e%252fmedia%252fNAME_MEDIA",
  "..%c0%afmedia",
  "ＮAME",
  "",
];

function traversal(template: string) {
  return template
    .replaceAll("NAME_UPLOAD", seeded.uploadName)
    .replaceAll("NAME_MEDIA", seeded.mediaName)
    .replaceAll("OUTSIDE_ABS", seeded.outsidePath)
    .replaceAll("OUTSIDE", `${MARK.outside}.pdf`);
}

test("the attachment download route serves its own files to admins, and nothing outside contact_uploads to anyone", async () => {
  const mod = await importRoute("routes/resources/contact-upload.ts");
  const loader = mod.loader as (args: unknown) => unknown;
  // The one that exists is served, as an attachment: the checks below can tell a file from a refusal.
  const good = await loader({
    request: pageRequest(`/admin/files/contact_uploads/${seeded.uploadName}`, seeded.cookies.admin),
    params: { name: seeded.uploadName },
    context: contextFor(),
  });
  expect(good).toBeInstanceOf(Response);
  expect(await (good as Response).text()).toContain(MARK.upload);

  for (const template of TRAVERSALS) {
    const name = traversal(template);
    for (const variant of [name, safeDecode(name)]) {
      const outcome = await settle(() =>
        loader({
          request: pageRequest("/admin/files/contact_uploads/x", seeded.cookies.admin),
          params: { name: variant },
          context: contextFor(),
        }),
      );
      expect(outcome.status, `name ${JSON.stringify(variant)}`).toBeGreaterThanOrEqual(400);
      expect(outcome.status, `name ${JSON.stringify(variant)}`).toBeLessThan(500);
    }
  }
});

test("the same traversals as URLs, through the app, get a 4xx (or another page) and never a file's bytes", async () => {
  for (const template of TRAVERSALS) {
    const name = traversal(template);
    if (name.startsWith("/") || name === "") continue;
    const raw = `http://localhost/admin/files/contact_uploads/${name.replaceAll("\\", "%5C").replaceAll("\u0000", "%00")}`;
    for (const visitor of ["admin", "anonymous"] as const) {
      const response = await app(pageRequest(raw, seeded.cookies[visitor]));
      const text = await response.text();
      const where = `GET ${raw} as ${visitor}`;
      expect(response.status, where).toBeLessThan(500);
      for (const secret of [MARK.outside, MARK.media, "root:x:0:0"]) {
        expect(text.includes(secret), `${where} served ${secret}`).toBe(false);
      }
      // A file served at all is the one upload itself (a trailing slash names the same route).
      if (response.headers.get("Content-Disposition")) {
        expect(visitor, where).toBe("admin");
        expect(text, where).toContain(MARK.upload);
      }
    }
  }
  // The public file route never reads the private bucket, nor climbs out of its own.
  for (const url of [
    `/files/contact_uploads/${seeded.uploadName}`,
    `/files/media/..%2fcontact_uploads%2f${seeded.uploadName}`,
    `/files/media/%2e%2e%2f%2e%2e%2f${MARK.outside}.pdf`,
    `/files/__proto__/${seeded.uploadName}`,
    `/files/constructor/${seeded.uploadName}`,
  ]) {
    for (const visitor of ["anonymous", "admin"] as const) {
      const response = await app(pageRequest(url, seeded.cookies[visitor]));
      const text = await response.text();
      expect(response.status, `${url} as ${visitor}`).toBe(404);
      expect(text).not.toContain(MARK.upload);
      expect(text).not.toContain(MARK.outside);
    }
  }
});

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Object level: what the public can read.

function publicUrls() {
  const s = seeded;
  return [
    "/",
    "/catalog",
    "/catalog?q=Cladding",
    "/catalog?q=decking",
    "/catalog?sort=discount",
    "/catalog?sort=stock&inStock=true",
    `/catalog?category=${encodeURIComponent(s.categoryName)}`,
    `/catalog?brand=${s.brandId}`,
    "/catalog?page=2",
    `/catalog/${s.productSlug}`,
    `/catalog/${s.productSlug}/building-information`,
    `/catalog/${s.hiddenSlug}/building-information`,
    "/case-study",
    `/case-study?study=${s.caseStudyId}`,
    `/case-study/${s.caseStudySlug}`,
    "/certifications",
    "/terms-conditions",
    "/contact",
    `/contact?product=${s.hiddenId}&subject=Quote%20Request`,
    "/privacy",
    `/quote/${s.quoteToken}`,
    "/auth",
    "/auth?redirectTo=%2Fadmin%2Fcontact-management",
    "/no-such-page",
  ];
}

function dataUrl(url: string) {
  const parsed = new URL(url, "http://localhost");
  parsed.pathname = parsed.pathname === "/" ? "/_.data" : `${parsed.pathname}.data`;
  return `${parsed.pathname}${parsed.search}`;
}

test("no public page, as HTML or as its .data, shows a price, an enquiry, an account's e-mail or an unpublished product", async () => {
  // A visitor whose quote-list cookie names the unpublished product too (a stale or forged list).
  const pair = quoteListCookie([
    { productId: seeded.productId, quantity: 2 },
    { productId: seeded.hiddenId, quantity: 5 },
  ]).split(";")[0] as string;
  let scanned = 0;
  for (const visitor of ["anonymous", "user"] as const) {
    for (const cookie of [
      seeded.cookies[visitor],
      [seeded.cookies[visitor], pair].filter(Boolean).join("; "),
    ]) {
      for (const url of publicUrls()) {
        const statuses: number[] = [];
        for (const target of [url, dataUrl(url)]) {
          const response = await app(pageRequest(target, cookie));
          const text = await response.text();
          expect(response.status, `GET ${target} as ${visitor}`).toBeLessThan(500);
          expectNoLeak(text, visitor, `GET ${target}`);
          statuses.push(response.status);
          scanned += 1;
        }
        // The data request reached the same route as the page (not a 404 of its own).
        expect(statuses[1], `${dataUrl(url)} as ${visitor}`).toBe(statuses[0]);
      }
    }
  }
  // The pages did show what is public (the scan read real pages, not error screens).
  const home = await (await app(pageRequest("/"))).text();
  expect(home).toContain("Kwila Marker Decking");
  expect(home).toContain("Contact for Price");
  expect(scanned).toBeGreaterThanOrEqual(160);
});

test("the unpublished product's own page and its data are a 404 without its name", async () => {
  for (const target of [`/catalog/${seeded.hiddenSlug}`, dataUrl(`/catalog/${seeded.hiddenSlug}`)]) {
    const response = await app(pageRequest(target));
    expect(response.status, target).toBe(404);
    expectNoLeak(await response.text(), "anonymous", target);
  }
});

test("resource routes the public can reach leak nothing either", async () => {
  const pair = quoteListCookie([
    { productId: seeded.productId, quantity: 2 },
    { productId: seeded.hiddenId, quantity: 5 },
  ]).split(";")[0] as string;
  const list = await app(pageRequest("/quote-list", pair));
  const listed = await list.text();
  expect(list.status).toBe(200);
  expect(listed).toContain("Kwila Marker Decking");
  expectNoLeak(listed, "anonymous", "GET /quote-list");

  for (const url of [
    "/sitemap.xml",
    "/robots.txt",
    "/healthz",
    `/files/media/${seeded.mediaName}`,
    `/catalog/${seeded.productSlug}/details`,
  ]) {
    const response = await app(pageRequest(url));
    expect(response.status, url).toBe(200);
    expectNoLeak(await response.text(), "anonymous", url);
  }
  const sitemap = await (await app(pageRequest("/sitemap.xml"))).text();
  expect(sitemap).toContain(`/catalog/${seeded.productSlug}`);
  expect(sitemap).not.toContain(`/catalog/${seeded.hiddenSlug}`);
  // The quick view's details of the unpublished product are a 404 without its description.
  const hiddenDetails = await app(pageRequest(`/catalog/${seeded.hiddenSlug}/details`));
  expect(hiddenDetails.status).toBe(404);
  expectNoLeak(await hiddenDetails.text(), "anonymous", `GET /catalog/${seeded.hiddenSlug}/details`);

  // Asking to add the unpublished product is refused without naming it.
  for (const intent of ["add", "set", "remove"]) {
    const response = await app(
      pageRequest("/quote-list", pair, {
        method: "POST",
        body: new URLSearchParams({ intent, productId: seeded.hiddenId, quantity: "1" }),
      }),
    );
    expect(response.status, intent).toBeLessThan(500);
    expectNoLeak(await response.text(), "anonymous", `POST /quote-list ${intent}`);
  }
});

test("staff see the enquiry and the prices the public never does (the markers are real)", async () => {
  const detail = await (
    await app(pageRequest(`/admin/contact-management/${seeded.enquiryId}`, seeded.cookies.admin))
  ).text();
  expect(detail).toContain(MARK.enquiryText);
  expect(detail).toContain(MARK.enquirerEmail);
  const catalog = await (await app(pageRequest("/admin/catalog", seeded.cookies.sales))).text();
  expect(catalog).toContain(MARK.unpublished);
  expect(priceSpellings(MARK.price).some((spelling) => catalog.includes(spelling))).toBe(true);
});

let lastIp = 0;

/** The context server/app.ts gives each request, from an address of its own (no rate limit is met). */
function contextFor() {
  lastIp += 1;
  return routeContext(`198.51.100.${lastIp % 250}`);
}
