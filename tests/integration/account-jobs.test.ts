// A customer's jobs through the app, as a browser posts the forms (without JavaScript): creating,
// editing, finishing, copying and deleting a job; its list (added from a product's page, changed,
// removed); the quote list kept in a new job or merged into one (quantities added, the cookie
// emptied only once saved); and another customer, who can neither read nor change any of it.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { encodeQuoteList } from "~/modules/quote-list/quote-list-cookie";
import { auditEvents, jobItems, jobs, products, users } from "~/server/db/schema";
import { readToast } from "~/server/toast.server";
import { pageRequest } from "../support/access";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const app = createAppHandler();

const product = {} as Record<
  "deck" | "screws" | "joists" | "retired",
  { id: string; slug: string; name: string }
>;
const cookies = {} as Record<"hemi" | "aroha", string>;
const MISSING = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  const db = database.current.db;
  for (const [key, name] of [
    ["deck", "Kwila Decking 90x19"],
    ["screws", "Decking Screws 10g"],
    ["joists", "H3.2 Joists 140x45"],
    ["retired", "Retired Stain 4L"],
  ] as const) {
    const [row] = await db
      .insert(products)
      .values({ name })
      .returning({ id: products.id, slug: products.slug, name: products.name });
    if (!row) throw new Error("seed failed");
    product[key] = row;
  }
  cookies.hemi = await cookieFor("user", "hemi");
  cookies.aroha = await cookieFor("user", "aroha");
});

function get(url: string, cookie: string) {
  return app(pageRequest(url, cookie));
}

function post(url: string, cookie: string, fields: Record<string, string>) {
  return app(pageRequest(url, cookie, { method: "POST", body: new URLSearchParams(fields) }));
}

async function toastOf(response: Response) {
  const pair =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("tc_toast="))
      ?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { cookie: pair } }))).toast;
}

function quoteCookie(entries: { productId: string; quantity: number }[]) {
  return `tc_quote=${encodeQuoteList(entries)}`;
}

async function ownerId(tag: "hemi" | "aroha") {
  const [row] = await database.current.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `user-${tag}@example.nz`));
  return row?.id as string;
}

async function createJob(cookie: string, fields: Record<string, string> = {}) {
  const response = await post("/account/jobs", cookie, {
    intent: "create-job",
    name: "Smith house",
    siteAddress: "12 Rata Street, Nelson",
    ...fields,
  });
  expect(response.status).toBe(302);
  const id = /^\/account\/jobs\/([0-9a-f-]{36})$/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!id) throw new Error(`no job in ${response.headers.get("Location")}`);
  return id;
}

async function linesOf(jobId: string) {
  const rows = await database.current.db
    .select({ productId: jobItems.productId, quantity: jobItems.quantity, note: jobItems.note })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId))
    .orderBy(asc(jobItems.position));
  const names = new Map(Object.values(product).map((p) => [p.id, p.name]));
  return rows.map((row) => ({ ...row, name: names.get(row.productId) }));
}

async function jobRow(jobId: string) {
  const [row] = await database.current.db.select().from(jobs).where(eq(jobs.id, jobId));
  return row;
}

function addToJob(cookie: string, jobId: string, productId: string, quantity = "1") {
  return post("/account/job-items", cookie, {
    jobId,
    productId,
    quantity,
    redirectTo: `/catalog/${product.deck.slug}#product`,
  });
}

test("a customer creates a job and sees it in their list; a job without a name or site is refused", async () => {
  const id = await createJob(cookies.hemi, { client: "The Smiths", notes: "Deck and pergola" });
  expect(await jobRow(id)).toMatchObject({
    userId: await ownerId("hemi"),
    name: "Smith house",
    siteAddress: "12 Rata Street, Nelson",
    client: "The Smiths",
    notes: "Deck and pergola",
    status: "active",
  });
  const page = await (await get("/account/jobs", cookies.hemi)).text();
  expect(page).toContain("Smith house");
  expect(page).toContain("12 Rata Street, Nelson");
  expect(page).toContain("Client: The Smiths");
  expect(page).toContain("0 products");
  expect(page).toContain("Active");

  const before = (await database.current.db.select().from(jobs)).length;
  const refused = await post("/account/jobs", cookies.hemi, {
    intent: "create-job",
    name: " ",
    siteAddress: "",
  });
  expect(refused.status).toBe(400);
  const text = await refused.text();
  expect(text).toContain("Job name is required");
  expect(text).toContain("Site address is required");
  const tooLong = await post("/account/jobs", cookies.hemi, {
    intent: "create-job",
    name: "x".repeat(121),
    siteAddress: "1 Road",
  });
  expect(tooLong.status).toBe(400);
  expect((await database.current.db.select().from(jobs)).length).toBe(before);
});

test("a job's details and status are edited; a finished job says so", async () => {
  const id = await createJob(cookies.hemi, { name: "Jones reroof" });
  const saved = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "save-job",
    name: "Jones reroof stage 2",
    siteAddress: "4 Kowhai Ave",
    client: "",
    notes: "Gutters too",
    status: "finished",
  });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe(`/account/jobs/${id}`);
  expect(await jobRow(id)).toMatchObject({
    name: "Jones reroof stage 2",
    siteAddress: "4 Kowhai Ave",
    client: null,
    notes: "Gutters too",
    status: "finished",
  });
  const list = await (await get("/account/jobs", cookies.hemi)).text();
  expect(list).toContain("Jones reroof stage 2");
  expect(list).toContain("Finished");
  const bad = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "save-job",
    name: "Jones",
    siteAddress: "4 Kowhai Ave",
    status: "paused",
  });
  expect(bad.status).toBe(400);
  expect((await jobRow(id))?.status).toBe("finished");
  const [event] = await database.current.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "update")));
  expect(event?.summary).toContain("Status active → finished");
});

test("products are added from a product's page, their quantities and notes changed, and removed", async () => {
  const id = await createJob(cookies.hemi, { name: "Deck job" });
  const added = await addToJob(cookies.hemi, id, product.deck.id, "12");
  expect(added.status).toBe(303);
  expect(added.headers.get("Location")).toBe(`/catalog/${product.deck.slug}#product`);
  expect(await toastOf(added)).toMatchObject({ type: "success", title: "Added to your job" });
  // Added again: the quantities add up, capped at 9999.
  await addToJob(cookies.hemi, id, product.deck.id, "8");
  await addToJob(cookies.hemi, id, product.screws.id, "3");
  expect(await linesOf(id)).toEqual([
    { productId: product.deck.id, quantity: 20, note: null, name: product.deck.name },
    { productId: product.screws.id, quantity: 3, note: null, name: product.screws.name },
  ]);
  await addToJob(cookies.hemi, id, product.screws.id, "9999");
  expect((await linesOf(id))[1]?.quantity).toBe(9999);

  // A quantity outside 1–9999 is refused with a message and changes nothing.
  const zero = await addToJob(cookies.hemi, id, product.joists.id, "0");
  expect(zero.status).toBe(303);
  expect(await toastOf(zero)).toMatchObject({
    type: "error",
    description: "Quantity must be a whole number from 1 to 9999.",
  });

  const saved = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "save-line",
    productId: product.deck.id,
    quantity: "40",
    note: "Cut to 2.4 m",
  });
  expect(saved.status).toBe(302);
  const badLine = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "save-line",
    productId: product.deck.id,
    quantity: "10000",
  });
  expect(badLine.status).toBe(400);
  expect(await badLine.text()).toContain("Quantity must be a whole number from 1 to 9999.");
  expect((await linesOf(id))[0]).toMatchObject({ quantity: 40, note: "Cut to 2.4 m" });

  const page = await (await get(`/account/jobs/${id}`, cookies.hemi)).text();
  expect(page).toContain(`href="/catalog/${product.deck.slug}"`);
  expect(page).toContain("Cut to 2.4 m");

  const removed = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "remove-line",
    productId: product.screws.id,
  });
  expect(removed.status).toBe(302);
  expect((await linesOf(id)).map((line) => line.name)).toEqual([product.deck.name]);
  const list = await (await get("/account/jobs", cookies.hemi)).text();
  expect(list).toMatch(/Deck job[\s\S]*?1 product ·/);
});

test("a product no longer in the catalogue cannot be added, and its line says so without its name", async () => {
  const id = await createJob(cookies.hemi, { name: "Stain job" });
  await addToJob(cookies.hemi, id, product.retired.id, "2");
  await addToJob(cookies.hemi, id, product.joists.id, "6");
  await database.current.db
    .update(products)
    .set({ isPublished: false })
    .where(eq(products.id, product.retired.id));
  const refused = await addToJob(cookies.hemi, id, product.retired.id, "1");
  expect(await toastOf(refused)).toMatchObject({
    type: "error",
    description: "That product is no longer in the catalogue, so it can't be added to a job.",
  });
  expect((await linesOf(id)).find((line) => line.productId === product.retired.id)?.quantity).toBe(2);
  const page = await (await get(`/account/jobs/${id}`, cookies.hemi)).text();
  expect(page).toContain("A product no longer in the catalogue");
  expect(page).not.toContain(product.retired.name);
  // Copied, the job leaves it behind.
  const copied = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "copy-job",
    name: "Stain job 2",
    siteAddress: "9 Totara Rd",
  });
  const copyId = /\/account\/jobs\/(.+)$/.exec(copied.headers.get("Location") ?? "")?.[1] as string;
  expect((await linesOf(copyId)).map((line) => line.name)).toEqual([product.joists.name]);
  await database.current.db
    .update(products)
    .set({ isPublished: true })
    .where(eq(products.id, product.retired.id));
});

test("Copy to a new job makes a job with the same list, under the new name and site", async () => {
  const id = await createJob(cookies.hemi, { name: "Lot 4", client: "Rata Homes" });
  await addToJob(cookies.hemi, id, product.joists.id, "30");
  await addToJob(cookies.hemi, id, product.deck.id, "12");
  await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "save-line",
    productId: product.joists.id,
    quantity: "30",
    note: "H3.2",
  });
  const refused = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "copy-job",
    name: "",
    siteAddress: "",
  });
  expect(refused.status).toBe(400);
  const copied = await post(`/account/jobs/${id}`, cookies.hemi, {
    intent: "copy-job",
    name: "Lot 5",
    siteAddress: "5 Rata Street",
  });
  expect(copied.status).toBe(302);
  const copyId = /\/account\/jobs\/(.+)$/.exec(copied.headers.get("Location") ?? "")?.[1] as string;
  expect(copyId).not.toBe(id);
  expect(await jobRow(copyId)).toMatchObject({
    name: "Lot 5",
    siteAddress: "5 Rata Street",
    client: "Rata Homes",
    status: "active",
    userId: await ownerId("hemi"),
  });
  const strip = (lines: Awaited<ReturnType<typeof linesOf>>) =>
    lines.map(({ productId: _, ...rest }) => rest);
  expect(strip(await linesOf(copyId))).toEqual(strip(await linesOf(id)));
  expect(await linesOf(copyId)).toEqual([
    { productId: product.joists.id, quantity: 30, note: "H3.2", name: product.joists.name },
    { productId: product.deck.id, quantity: 12, note: null, name: product.deck.name },
  ]);
});

test("a job is deleted only with the confirming box ticked, with its list", async () => {
  const id = await createJob(cookies.hemi, { name: "To delete" });
  await addToJob(cookies.hemi, id, product.deck.id, "1");
  const unconfirmed = await post(`/account/jobs/${id}`, cookies.hemi, { intent: "delete-job" });
  expect(unconfirmed.status).toBe(400);
  expect(await unconfirmed.text()).toContain("Tick the box to confirm");
  expect(await jobRow(id)).toBeDefined();
  const deleted = await post(`/account/jobs/${id}`, cookies.hemi, { intent: "delete-job", confirm: "yes" });
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("Location")).toBe("/account/jobs");
  expect(await jobRow(id)).toBeUndefined();
  expect(await linesOf(id)).toEqual([]);
  expect((await get(`/account/jobs/${id}`, cookies.hemi)).status).toBe(404);
});

test("the quote list is offered, and saved into a new job only when asked; the cookie is then emptied", async () => {
  const list = quoteCookie([
    { productId: product.deck.id, quantity: 4 },
    { productId: product.screws.id, quantity: 2 },
  ]);
  const withList = `${cookies.hemi}; ${list}`;
  for (const url of ["/account", "/account/jobs"]) {
    const page = await (await get(url, withList)).text();
    expect(page, url).toContain("Save your quote list (2 products) into a job");
  }
  expect(await (await get("/account", cookies.hemi)).text()).not.toContain("Save your quote list");
  // Refused on its input: nothing saved and the list kept.
  const refused = await post("/account/jobs", withList, {
    intent: "save-list-new",
    name: "",
    siteAddress: "",
  });
  expect(refused.status).toBe(400);
  expect(refused.headers.getSetCookie().some((c) => c.startsWith("tc_quote="))).toBe(false);

  const saved = await post("/account/jobs", withList, {
    intent: "save-list-new",
    name: "From my list",
    siteAddress: "7 Nikau Lane",
  });
  expect(saved.status).toBe(302);
  const id = /\/account\/jobs\/(.+)$/.exec(saved.headers.get("Location") ?? "")?.[1] as string;
  expect(await linesOf(id)).toEqual([
    { productId: product.deck.id, quantity: 4, note: null, name: product.deck.name },
    { productId: product.screws.id, quantity: 2, note: null, name: product.screws.name },
  ]);
  const cleared = saved.headers.getSetCookie().find((c) => c.startsWith("tc_quote="));
  expect(cleared).toMatch(/^tc_quote=;.*Max-Age=0/);
  expect((await toastOf(saved))?.description).toContain("Your quote list is now empty");
});

test("saved into an existing job, quantities of products already there are added (capped) and new ones appended", async () => {
  const id = await createJob(cookies.hemi, { name: "Merge job" });
  await addToJob(cookies.hemi, id, product.deck.id, "10");
  await addToJob(cookies.hemi, id, product.screws.id, "9000");
  const withList = `${cookies.hemi}; ${quoteCookie([
    { productId: product.screws.id, quantity: 1500 },
    { productId: product.joists.id, quantity: 6 },
    { productId: product.deck.id, quantity: 5 },
  ])}`;
  const page = await (await get("/account/jobs", withList)).text();
  expect(page).toContain("the two quantities added together (at most 9999)");
  const saved = await post("/account/jobs", withList, { intent: "save-list-existing", jobId: id });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe(`/account/jobs/${id}`);
  expect(await linesOf(id)).toEqual([
    { productId: product.deck.id, quantity: 15, note: null, name: product.deck.name },
    { productId: product.screws.id, quantity: 9999, note: null, name: product.screws.name },
    { productId: product.joists.id, quantity: 6, note: null, name: product.joists.name },
  ]);
  expect(saved.headers.getSetCookie().find((c) => c.startsWith("tc_quote="))).toMatch(/Max-Age=0/);
  expect((await toastOf(saved))?.description).toBe(
    "1 product added, 2 already on the job had the quantities added, 1 capped at 9999. Your quote list is now empty.",
  );
});

test("Not now hides the offer and keeps the list", async () => {
  const withList = `${cookies.aroha}; ${quoteCookie([{ productId: product.deck.id, quantity: 1 }])}`;
  const answer = await post("/account/jobs", withList, { intent: "not-now", redirectTo: "/account" });
  expect(answer.status).toBe(302);
  expect(answer.headers.get("Location")).toBe("/account");
  const cookiesSet = answer.headers.getSetCookie();
  expect(cookiesSet.some((c) => c.startsWith("tc_quote="))).toBe(false);
  const notNow = cookiesSet.find((c) => c.startsWith("tc_job_offer="))?.split(";")[0] as string;
  const page = await (await get("/account", `${withList}; ${notNow}`)).text();
  expect(page).not.toContain("Save your quote list");
});

test("another customer can neither read nor change a job: every page and intent answers 404 and writes nothing", async () => {
  const id = await createJob(cookies.hemi, { name: "Private job", client: "Secret Client" });
  await addToJob(cookies.hemi, id, product.deck.id, "3");
  const before = { job: await jobRow(id), lines: await linesOf(id) };
  const count = async () => (await database.current.db.select().from(jobs)).length;
  const jobsBefore = await count();

  const page = await get(`/account/jobs/${id}`, cookies.aroha);
  expect(page.status).toBe(404);
  expect(await page.text()).not.toContain("Secret Client");
  expect(await (await get("/account/jobs", cookies.aroha)).text()).not.toContain("Private job");
  expect((await get(`/account/jobs/${id}.data`, cookies.aroha)).status).toBe(404);

  const intents: Record<string, string>[] = [
    { intent: "save-job", name: "Taken", siteAddress: "1 Road", status: "finished" },
    { intent: "save-line", productId: product.deck.id, quantity: "99" },
    { intent: "remove-line", productId: product.deck.id },
    { intent: "copy-job", name: "Copied", siteAddress: "1 Road" },
    { intent: "delete-job", confirm: "yes" },
  ];
  for (const fields of intents) {
    for (const target of [id, "not-a-uuid", MISSING]) {
      const answer = await post(`/account/jobs/${target}`, cookies.aroha, fields);
      expect(answer.status, `${fields.intent} on ${target}`).toBe(404);
    }
  }
  for (const jobId of [id, "not-a-uuid", MISSING]) {
    expect((await addToJob(cookies.aroha, jobId, product.screws.id, "5")).status, jobId).toBe(404);
    const withList = `${cookies.aroha}; ${quoteCookie([{ productId: product.joists.id, quantity: 2 }])}`;
    const merged = await post("/account/jobs", withList, { intent: "save-list-existing", jobId });
    expect(merged.status, jobId).toBe(404);
    expect(merged.headers.getSetCookie().some((c) => c.startsWith("tc_quote="))).toBe(false);
  }
  expect((await get("/account/jobs/not-a-uuid", cookies.hemi)).status).toBe(404);
  expect({ job: await jobRow(id), lines: await linesOf(id) }).toEqual(before);
  expect(await count()).toBe(jobsBefore);
});
