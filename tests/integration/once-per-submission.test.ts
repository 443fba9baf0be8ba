// One submission of an add dialog writes once: the same submission id posted twice (at once or
// one after the other) gives one record and the same answer, while a refused or failed post
// leaves the id free for the corrected one.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { newSubmissionId } from "~/lib/submission-id";
import { PRODUCT_FORM_DEFAULTS } from "~/modules/products/schema";
import { action as catalogAction } from "~/routes/admin/catalog";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as usersAction } from "~/routes/admin/users";
import { brands, formSubmissions, products, users } from "~/server/db/schema";
import { pruneFormSubmissions } from "~/server/http/once-per-submission.server";
import { readToast } from "~/server/toast.server";
import { cookieFor, type Outcome, postAction } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;

// Signed in once, before the posts that go at the same time.
beforeAll(() => cookieFor("admin"));

async function toastOf(result: Outcome) {
  const pair = result.setCookie.split(";")[0] ?? "";
  const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie: pair } }));
  return toast?.title ?? "";
}

function productForm(submissionId: string, name: string) {
  return { ...PRODUCT_FORM_DEFAULTS, intent: "create", name, submissionId };
}

test("a product submission posted twice at once is created once, and both answers say it was", async () => {
  const submissionId = newSubmissionId();
  const answers = await Promise.all([
    postAction(catalogAction, "/admin/catalog", productForm(submissionId, "Twice-posted decking")),
    postAction(catalogAction, "/admin/catalog", productForm(submissionId, "Twice-posted decking")),
  ]);
  for (const answer of answers) {
    expect(answer.status).toBe(302);
    expect(await toastOf(answer)).toBe("Product created successfully");
  }
  const rows = await db().select().from(products).where(eq(products.name, "Twice-posted decking"));
  expect(rows).toHaveLength(1);
});

test("a refused post leaves the submission free: the corrected one is created, its repeat is not", async () => {
  const submissionId = newSubmissionId();
  const refused = await postAction(catalogAction, "/admin/catalog", productForm(submissionId, ""));
  expect(refused.status).toBe(400);
  const corrected = await postAction(catalogAction, "/admin/catalog", productForm(submissionId, "Corrected"));
  expect(corrected.status).toBe(302);
  const repeat = await postAction(catalogAction, "/admin/catalog", productForm(submissionId, "Corrected"));
  expect(repeat.status).toBe(302);
  expect(await toastOf(repeat)).toBe("Product created successfully");
  expect(await db().select().from(products).where(eq(products.name, "Corrected"))).toHaveLength(1);
});

test("a write that fails gives the submission back: the retry with a valid category is created", async () => {
  const submissionId = newSubmissionId();
  const gone = "00000000-0000-4000-8000-000000000000";
  const failed = await postAction(catalogAction, "/admin/catalog", {
    ...productForm(submissionId, "Retried product"),
    categoryId: gone,
  });
  expect(failed.status).toBe(400);
  const retried = await postAction(
    catalogAction,
    "/admin/catalog",
    productForm(submissionId, "Retried product"),
  );
  expect(retried.status).toBe(302);
  expect(await db().select().from(products).where(eq(products.name, "Retried product"))).toHaveLength(1);
});

test("a user submission posted twice creates one account", async () => {
  const fields = {
    intent: "create",
    name: "Once Only",
    email: "once.only@example.nz",
    password: "a-long-enough-password",
    role: "sales",
    submissionId: newSubmissionId(),
  };
  const first = await postAction(usersAction, "/admin/users", fields);
  const second = await postAction(usersAction, "/admin/users", fields);
  expect([first.status, second.status]).toEqual([302, 302]);
  expect(await toastOf(second)).toBe("User created successfully");
  expect(await db().select().from(users).where(eq(users.email, "once.only@example.nz"))).toHaveLength(1);
});

test("the shared admin form reader does the same for every list (a brand posted twice)", async () => {
  const fields = { intent: "create-brand", name: "Once Brand", submissionId: newSubmissionId() };
  const [first, second] = await Promise.all([
    postAction(settingsAction, "/admin/settings", fields),
    postAction(settingsAction, "/admin/settings", fields),
  ]);
  expect([first?.status, second?.status]).toEqual([302, 302]);
  expect(await db().select().from(brands).where(eq(brands.name, "Once Brand"))).toHaveLength(1);
});

test("posts without a submission id (or with one we never hand out) are each carried out", async () => {
  for (const submissionId of ["", "not-an-id"]) {
    await postAction(settingsAction, "/admin/settings", {
      intent: "create-brand",
      name: `Plain brand ${submissionId || "none"}`,
      submissionId,
    });
  }
  const rows = await db().select({ name: brands.name }).from(brands);
  expect(rows.map((row) => row.name)).toEqual(
    expect.arrayContaining(["Plain brand none", "Plain brand not-an-id"]),
  );
});

test("remembered submissions are forgotten after a day", async () => {
  const old = newSubmissionId();
  const recent = newSubmissionId();
  await db()
    .insert(formSubmissions)
    .values([
      { id: old, createdAt: new Date(Date.now() - 25 * 3600 * 1000) },
      { id: recent, createdAt: new Date() },
    ]);
  await pruneFormSubmissions();
  const left = (await db().select({ id: formSubmissions.id }).from(formSubmissions)).map((row) => row.id);
  expect(left).toContain(recent);
  expect(left).not.toContain(old);
});
