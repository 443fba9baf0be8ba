// A customer's job as a consent pack, through the app as a browser asks for it (the job page's
// plain GET form): the owner saves a PDF whose cover names the job and its site and whose index
// lists the job's products in the catalogue, or a ZIP of its documents; the job page offers it
// once the list holds such a product. Another customer, a visitor, staff, an id that is not one
// and a job that does not exist get no pack; a job with nothing to pack is told so.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { nzToday } from "~/lib/nz-date";
import { consentPackDownloads, jobItems, jobs, products, users } from "~/server/db/schema";
import { readToast } from "~/server/toast.server";
import { pageRequest } from "../support/access";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { onePagePdf, productWithCertificate } from "../support/consent-pack";
import { useTestDatabase } from "../support/database";
import { readPdf, squash } from "../support/pdf";
import { readZip } from "../support/zip";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

const MISSING = "00000000-0000-4000-8000-000000000000";
const DECK = "Kwila Pack Decking 90x19";
const BEAM = "LVL Pack Beam 240x45";
const RETIRED = "Retired Pack Stain 4L";

const seeded = {} as {
  cookies: Record<"hemi" | "aroha" | "admin", string>;
  /** Hemi's job with the decking, the beam and an unpublished stain on its list. */
  jobId: string;
  /** Hemi's job with nothing on its list. */
  emptyId: string;
  /** Hemi's job whose only product is no longer in the catalogue. */
  retiredOnlyId: string;
};

async function userId(email: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function jobWith(userId: string, name: string, siteAddress: string, productIds: string[]) {
  const [job] = await db().insert(jobs).values({ userId, name, siteAddress }).returning();
  if (!job) throw new Error("seed failed");
  if (productIds.length > 0)
    await db()
      .insert(jobItems)
      .values(productIds.map((productId, position) => ({ jobId: job.id, productId, quantity: 2, position })));
  return job.id;
}

beforeAll(async () => {
  const deck = await productWithCertificate(db(), {
    name: DECK,
    number: "CM71001",
    file: await onePagePdf("Decking certificate"),
  });
  const beam = await productWithCertificate(db(), {
    name: BEAM,
    number: "CM71002",
    file: await onePagePdf("Beam certificate"),
  });
  const [retired] = await db().insert(products).values({ name: RETIRED, isPublished: false }).returning();
  if (!retired) throw new Error("seed failed");
  const cookies = {
    hemi: await cookieFor("user", "hemi"),
    aroha: await cookieFor("user", "aroha"),
    admin: await cookieFor("admin", "pack"),
  };
  const hemi = await userId("user-hemi@example.nz");
  Object.assign(seeded, {
    cookies,
    jobId: await jobWith(hemi, "Smith house", "12 Rata Street, Nelson", [
      beam.product.id,
      retired.id,
      deck.product.id,
    ]),
    emptyId: await jobWith(hemi, "Empty shed", "3 Kowhai Ave, Napier", []),
    retiredOnlyId: await jobWith(hemi, "Old fence", "9 Totara Road, Motueka", [retired.id]),
  });
});

let ip = 0;

/** A GET through the whole app, each from an address of its own (the hourly limit is not met). */
function get(url: string, cookie: string) {
  ip += 1;
  return app(pageRequest(url, cookie), { clientIp: `192.0.2.${ip}` });
}

function packUrl(jobId: string, query = "") {
  return `/account/jobs/${jobId}/consent-pack${query ? `?${query}` : ""}`;
}

async function countedPacks() {
  return (await db().select().from(consentPackDownloads)).length;
}

async function toastOf(response: Response) {
  const pair =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("tc_toast="))
      ?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { cookie: pair } }))).toast;
}

test("the job page offers the pack, named for the job, by a plain GET form", async () => {
  const page = await get(`/account/jobs/${seeded.jobId}`, seeded.cookies.hemi);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = /<form[^>]*id="consent-pack"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
  expect(form).toContain('method="get"');
  expect(form).toContain(`action="/account/jobs/${seeded.jobId}/consent-pack"`);
  expect(form).toContain("Smith house");
  expect(form).toContain("12 Rata Street, Nelson");
  expect(form).toContain('name="until"');
  expect(form).toContain('name="format"');
  expect(form).toContain("Download the consent pack");
  // The job's own name and site are not asked again.
  expect(form).not.toContain('name="job"');
  expect(form).not.toContain('name="site"');
});

test("the owner downloads the job's pack: its cover names the job and site, its index the job's products in the catalogue", async () => {
  const before = await countedPacks();
  const response = await get(packUrl(seeded.jobId, "until=&format=pdf"), seeded.cookies.hemi);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(response.headers.get("Content-Disposition")).toBe(
    `attachment; filename="Technical-literature_Consent-pack_Smith-house_${nzToday()}.pdf"`,
  );
  const read = await readPdf(new Uint8Array(await response.arrayBuffer()));
  expect(read.pages[0]).toContain("Smith house");
  expect(read.pages[0]).toContain("12 Rata Street, Nelson");
  expect(read.pages[0]).toMatch(/2\s*products/);
  const index = squash(read.pages[1] ?? "");
  // In the list's order; the stain the catalogue no longer shows is left out.
  expect(index).toContain(squash(`1. ${BEAM}`));
  expect(index).toContain(squash(`2. ${DECK}`));
  expect(index).toContain("CodeMarkCM71001");
  expect(index).toContain("CodeMarkCM71002");
  expect(read.pages.join("\n")).not.toContain(RETIRED);
  expect(await countedPacks()).toBe(before + 1);
});

test("the owner downloads the job's pack as a ZIP: the index and each product's documents", async () => {
  const response = await get(packUrl(seeded.jobId, "format=zip"), seeded.cookies.hemi);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  const today = nzToday();
  expect(response.headers.get("Content-Disposition")).toBe(
    `attachment; filename="Technical-literature_Consent-pack_Smith-house_${today}.zip"`,
  );
  const names = (await readZip(new Uint8Array(await response.arrayBuffer()))).map((file) => file.name);
  expect(names[0]).toBe(`00_Technical-literature_Index_Smith-house_${today}.pdf`);
  expect(names).toContain(`01-0_Technical-literature_LVL-Pack-Beam-240x45_Product-information_${today}.pdf`);
  expect(names).toContain(
    `02-0_Technical-literature_Kwila-Pack-Decking-90x19_Product-information_${today}.pdf`,
  );
  expect(names.join("\n")).not.toContain("Retired");
});

test("a needed-until date that is not one sends the owner back to the job with the reason", async () => {
  const before = await countedPacks();
  const response = await get(packUrl(seeded.jobId, "until=2026-02-30"), seeded.cookies.hemi);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/account/jobs/${seeded.jobId}#consent-pack`);
  expect(await toastOf(response)).toMatchObject({
    type: "error",
    title: "The consent pack was not made",
    description: "Enter the date as a calendar date",
  });
  expect(await countedPacks()).toBe(before);
});

test("another customer, a visitor, staff, an id that is not one and a job that does not exist get no pack", async () => {
  const before = await countedPacks();
  const cases: [label: string, url: string, cookie: string, status: number, location: RegExp | null][] = [
    ["another customer", packUrl(seeded.jobId), seeded.cookies.aroha, 404, null],
    ["a visitor", packUrl(seeded.jobId), "", 302, /^\/auth\?redirectTo=%2Faccount%2Fjobs%2F/],
    ["staff", packUrl(seeded.jobId), seeded.cookies.admin, 302, /^\/admin$/],
    ["an id that is not a uuid", packUrl("not-a-job"), seeded.cookies.hemi, 404, null],
    [
      "a uuid in capitals and a quote",
      packUrl(`${seeded.jobId.toUpperCase()}'`),
      seeded.cookies.hemi,
      404,
      null,
    ],
    ["a job that does not exist", packUrl(MISSING), seeded.cookies.hemi, 404, null],
  ];
  for (const [label, url, cookie, status, location] of cases) {
    const response = await get(url, cookie);
    expect(response.status, label).toBe(status);
    if (location) expect(response.headers.get("Location") ?? "", label).toMatch(location);
    expect(response.headers.get("Content-Type") ?? "", label).not.toMatch(/pdf|zip/);
    const text = await response.text();
    expect(text, label).not.toContain("%PDF");
    expect(text, label).not.toContain(DECK);
    expect(text, label).not.toContain("Smith house");
    expect(text, label).not.toContain("12 Rata Street");
  }
  // The job page of another customer's job is not found either: no form to send.
  const stranger = await get(`/account/jobs/${seeded.jobId}`, seeded.cookies.aroha);
  expect(stranger.status).toBe(404);
  expect(await stranger.text()).not.toContain("consent-pack");
  expect(await countedPacks()).toBe(before);
});

test("a job with no product in the catalogue is told so (409), and its page offers no pack", async () => {
  const before = await countedPacks();
  for (const jobId of [seeded.emptyId, seeded.retiredOnlyId]) {
    const response = await get(packUrl(jobId), seeded.cookies.hemi);
    expect(response.status, jobId).toBe(409);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const text = await response.text();
    expect(text).toContain("No consent pack for this job");
    expect(text).toContain("This job&#39;s list has no products in the catalogue");
    expect(text).toContain(`href="/account/jobs/${jobId}#consent-pack"`);
    const page = await (await get(`/account/jobs/${jobId}`, seeded.cookies.hemi)).text();
    expect(page).not.toContain("Download the consent pack");
  }
  expect(await countedPacks()).toBe(before);
});
