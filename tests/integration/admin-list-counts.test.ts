// The count under an admin list says which rows are on screen: "Showing 1–10 of 12" on a paged
// list, and every row of a list shown whole (subjects and contact content are not paged), read
// from the page's HTML as an admin gets it.
import { beforeAll, expect, test } from "vitest";
import { contactContent, contactSubjects, products } from "~/server/db/schema";
import { pageRequest } from "../support/access";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const app = createAppHandler();

beforeAll(async () => {
  const db = database.current.db;
  const eleven = Array.from({ length: 11 }, (_, n) => n + 1);
  await db.insert(contactSubjects).values(eleven.map((n) => ({ subjectName: `Whole-list subject ${n}` })));
  await db
    .insert(contactContent)
    .values(eleven.map((n) => ({ contentType: "contact_info", title: `Whole-list content ${n}` })));
  await db
    .insert(products)
    .values(Array.from({ length: 12 }, (_, n) => ({ name: `Paged product ${n + 1}`, price: n + 1 })));
});

async function pageHtml(url: string) {
  const response = await app(pageRequest(url, await cookieFor("admin", "counts")));
  expect(response.status, url).toBe(200);
  return response.text();
}

function rowsShown(html: string, prefix: string) {
  return new Set(html.match(new RegExp(`${prefix} \\d+`, "g"))).size;
}

test("a list shown whole counts every row it shows", async () => {
  const subjects = await pageHtml("/admin/contact-management?tab=subjects");
  expect(rowsShown(subjects, "Whole-list subject")).toBe(11);
  expect(subjects).toContain("Showing 1–11 of 11");
  expect(subjects).not.toContain("Showing 1–10 of 11");

  const content = await pageHtml("/admin/contact");
  expect(rowsShown(content, "Whole-list content")).toBe(11);
  expect(content).toContain("Showing 1–11 of 11");
});

test("a paged list counts the rows of its page", async () => {
  expect(await pageHtml("/admin/catalog")).toContain("Showing 1–10 of 12");
  expect(await pageHtml("/admin/catalog?page=2")).toContain("Showing 11–12 of 12");
});
