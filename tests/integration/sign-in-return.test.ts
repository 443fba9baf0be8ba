// The return address of the sign-in page: after a session ends on a page that was loading its
// data (React Router asks for /admin/catalog.data?page=2&_routes=…), signing in again lands on
// the page, never on the data URL (a 404). A redirectTo with line breaks, control characters,
// wide spaces or backslashes never gives a 500 and never leaves the site.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { sessions } from "~/server/db/schema";
import { pageRequest } from "../support/access";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { makeAccount, PASSWORD, postAuth, signInFields } from "./sign-in-support";

const database = useTestDatabase();
const app = createAppHandler();

async function signedIn(role: "sales" | "admin") {
  const account = await makeAccount(role);
  const answer = await postAuth(signInFields(account.email, PASSWORD));
  return { ...account, cookie: answer.cookie };
}

async function endSessionsOf(userId: string) {
  // Unused for two hours: past the idle timeout, so the guards end it.
  const longAgo = new Date(Date.now() - 2 * 3_600_000);
  await database.current.db.update(sessions).set({ updatedAt: longAgo }).where(eq(sessions.userId, userId));
}

test("a session that ends during a data request returns to the page after signing in again", async () => {
  const sales = await signedIn("sales");
  await endSessionsOf(sales.id);

  const dataRequest = await app(
    pageRequest(
      "/admin/catalog.data?page=2&_routes=routes%2Fadmin%2Flayout%2Croutes%2Fadmin%2Fcatalog",
      sales.cookie,
    ),
  );
  expect(dataRequest.status).toBeLessThan(500);
  const answer = await dataRequest.text();
  expect(answer).toContain("/auth?redirectTo=%2Fadmin%2Fcatalog%3Fpage%3D2");
  expect(answer).not.toContain(".data");

  const signInPage = await app(
    pageRequest("/auth?redirectTo=%2Fadmin%2Fcatalog.data%3Fpage%3D2%26_routes%3Dx"),
  );
  expect(signInPage.status).toBe(200);
  expect(await signInPage.text()).toMatch(/name="redirectTo" value="\/admin\/catalog\?page=2"/);

  const again = await postAuth({
    ...signInFields(sales.email, PASSWORD),
    redirectTo: "/admin/catalog.data?page=2",
  });
  expect(again.status).toBe(302);
  expect(again.location).toBe("/admin/catalog?page=2");
  const page = await app(pageRequest(again.location ?? "", again.cookie));
  expect(page.status).toBe(200);
});

test("a form post on an index route returns to the page without its ?index marker", async () => {
  const admin = await signedIn("admin");
  await endSessionsOf(admin.id);
  const post = await app(
    pageRequest("/admin.data?index", admin.cookie, {
      method: "POST",
      body: new URLSearchParams({ intent: "x" }),
    }),
  );
  expect(post.status).toBeLessThan(500);
  const text = await post.text();
  expect(text).toContain("/auth?redirectTo=%2Fadmin");
  expect(text).not.toContain("index");
});

const HOSTILE = [
  "/admin\r\nSet-Cookie: stolen=1",
  "/admin\nLocation: https://evil.example",
  "/admin\u3000",
  "/\u3000/evil.example",
  "/\t/evil.example",
  "/\u0000admin",
  "/admin\u0007",
  "/\\evil.example",
  "/admin\\..\\..\\evil.example",
  "\\\\evil.example",
  "//evil.example",
  "https://evil.example",
  `/${"x".repeat(5000)}`,
];

test("a hostile redirectTo on the sign-in page is dropped, never a 500", async () => {
  for (const redirectTo of HOSTILE) {
    const response = await app(pageRequest(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`));
    expect(response.status, JSON.stringify(redirectTo)).toBe(200);
    expect(await response.text(), JSON.stringify(redirectTo)).not.toContain('name="redirectTo"');
  }
});

test("signing in with a hostile redirectTo lands on /admin (staff) or the account (a customer), never a 500", async () => {
  const admin = await makeAccount("admin");
  const person = await makeAccount("user");
  for (const redirectTo of HOSTILE) {
    const staff = await postAuth({ ...signInFields(admin.email, PASSWORD), redirectTo });
    expect(staff.status, JSON.stringify(redirectTo)).toBe(302);
    expect(staff.location, JSON.stringify(redirectTo)).toBe("/admin");
  }
  for (const redirectTo of HOSTILE.slice(0, 3)) {
    const user = await postAuth({ ...signInFields(person.email, PASSWORD), redirectTo });
    expect(user.location, JSON.stringify(redirectTo)).toBe("/account");
  }
  // Through the whole app too: the Location header is built and sent.
  const body = new URLSearchParams({
    ...signInFields(admin.email, PASSWORD),
    redirectTo: HOSTILE[0] as string,
  });
  const response = await app(pageRequest("/auth", "", { method: "POST", body }), { clientIp: "10.9.9.9" });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin");
});

test("a signed-in staff member who opens the sign-in page goes to the page asked for", async () => {
  const sales = await signedIn("sales");
  const response = await app(pageRequest("/auth?redirectTo=%2Fadmin%2Fcatalog%3Fq%3Ddeck", sales.cookie));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/catalog?q=deck");
  const hostile = await app(pageRequest("/auth?redirectTo=%2F%5Cevil.example", sales.cookie));
  expect(hostile.headers.get("Location")).toBe("/admin");
});
