// Case studies in the back office through the route's loader and action, as the browser posts
// them: what is stored, what the list shows, and what is refused (400, nothing written).
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { action, loader } from "~/routes/admin/case-studies";
import { caseStudies, categories } from "~/server/db/schema";
import { errorOf, fieldErrorsOf, getLoader, postAction, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const PATH = "/admin/case-studies";
// A whole 1x1 PNG: uploaded images are decoded, so a bare signature would be refused.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

// Every field of the dialog, as the browser posts them (an empty input posts "").
const EMPTY_FORM = {
  title: "",
  categoryId: "",
  durationMonths: "",
  challenge: "",
  solution: "",
  result: "",
  imageUrl: "",
};

function save(fields: Record<string, string | string[]>) {
  return postAction(action, PATH, { intent: "create", ...EMPTY_FORM, ...fields });
}

async function stored(title: string) {
  const [row] = await database.current.db.select().from(caseStudies).where(eq(caseStudies.title, title));
  return row;
}

async function addCategory(name: string, type: "case_studies" | "products") {
  const [row] = await database.current.db.insert(categories).values({ name, type }).returning();
  if (!row) throw new Error("no category");
  return row;
}

test("a new case study is stored with its materials as a trimmed JSON list, and the list refreshes", async () => {
  const category = await addCategory("Residential", "case_studies");
  const result = await save({
    title: "Kauri Bay deck",
    categoryId: category.id,
    durationMonths: "3",
    materials: [" H4 pine posts ", "", "Stainless screws\nJoist hangers"],
    challenge: "A steep coastal section",
    solution: "Cantilevered joists",
    result: "Finished before summer",
    imageUrl: "https://images.example.nz/deck.jpg",
  });
  expect(result.status).toBe(302);
  expect(result.location).toBe(PATH);
  expect(await toastOf(result)).toBe("Case study created successfully");
  expect(await stored("Kauri Bay deck")).toMatchObject({
    categoryId: category.id,
    durationMonths: 3,
    materials: ["H4 pine posts", "Stainless screws", "Joist hangers"],
    challenge: "A steep coastal section",
    imageUrl: "https://images.example.nz/deck.jpg",
  });
  const data = await getLoader(loader, PATH);
  expect(data.list.rows.map((row) => row.title)).toContain("Kauri Bay deck");
  expect(data.list.rows.find((row) => row.title === "Kauri Bay deck")?.categoryName).toBe("Residential");
  expect(data.categories.map((c) => c.name)).toEqual(["Residential"]);
});

test("duration is whole months: empty is null, '3.7' is 3, other text is 0, negative is refused", async () => {
  await save({ title: "No duration", durationMonths: "" });
  await save({ title: "Fractional", durationMonths: "3.7" });
  await save({ title: "Words", durationMonths: "about six" });
  expect((await stored("No duration"))?.durationMonths).toBeNull();
  expect((await stored("Fractional"))?.durationMonths).toBe(3);
  expect((await stored("Words"))?.durationMonths).toBe(0);
  const negative = await save({ title: "Negative", durationMonths: "-2" });
  expect(negative.status).toBe(400);
  expect(fieldErrorsOf(negative).durationMonths).toEqual(["Duration must be between 0 and 1200"]);
  expect(await stored("Negative")).toBeUndefined();
});

test("the title is required and unsafe URLs are refused; nothing is written", async () => {
  const before = await database.current.db.$count(caseStudies);
  const blank = await save({ title: "   ", materials: ["Timber"] });
  expect(blank.status).toBe(400);
  expect(fieldErrorsOf(blank).title).toEqual(["Title is required"]);
  const script = await save({ title: "Scripted", imageUrl: "javascript:alert(1)" });
  expect(script.status).toBe(400);
  expect(fieldErrorsOf(script).imageUrl).toEqual(["Please enter a valid image URL"]);
  const forged = await save({
    title: "Wrong category",
    categoryId: (await addCategory("Timber", "products")).id,
  });
  expect(forged.status).toBe(400);
  expect(errorOf(forged)).toEqual({
    title: "Failed to save case study",
    description: "Please choose a case study category from the list.",
  });
  expect(await database.current.db.$count(caseStudies)).toBe(before);
});

test("edit changes the stored fields; an empty category is saved as null", async () => {
  await save({ title: "Before edit", materials: ["Timber"], durationMonths: "2" });
  const row = await stored("Before edit");
  const result = await postAction(action, PATH, {
    ...EMPTY_FORM,
    intent: "update",
    id: row?.id ?? "",
    title: "After edit",
    categoryId: "",
    durationMonths: "5",
    materials: ["Steel", "Glass"],
  });
  expect(result.status).toBe(302);
  expect(await toastOf(result)).toBe("Case study updated successfully");
  expect(await stored("After edit")).toMatchObject({
    id: row?.id,
    categoryId: null,
    durationMonths: 5,
    materials: ["Steel", "Glass"],
  });
});

test("delete removes the case study; deleting it again says it is gone", async () => {
  await save({ title: "To delete" });
  const row = await stored("To delete");
  const result = await postAction(action, PATH, { intent: "delete", id: row?.id ?? "" });
  expect(await toastOf(result)).toBe("Case study deleted successfully");
  expect(await stored("To delete")).toBeUndefined();
  const again = await postAction(action, PATH, { intent: "delete", id: row?.id ?? "" });
  expect(again.status).toBe(400);
  expect(errorOf(again)?.description).toBe("This case study no longer exists.");
});

test("search matches title, materials, challenge and solution, case-insensitively", async () => {
  await database.current.db.delete(caseStudies);
  await save({ title: "Alpha house", materials: ["Macrocarpa cladding"] });
  await save({ title: "Beta barn", challenge: "Flood-prone SITE" });
  await save({ title: "Gamma garage", solution: "Pre-nailed frames" });
  const search = async (q: string) =>
    (await getLoader(loader, `${PATH}?q=${encodeURIComponent(q)}`)).list.rows.map((row) => row.title);
  expect(await search("macrocarpa")).toEqual(["Alpha house"]);
  expect(await search("flood")).toEqual(["Beta barn"]);
  expect(await search("PRE-NAILED")).toEqual(["Gamma garage"]);
  expect(await search("alpha")).toEqual(["Alpha house"]);
  expect(await search("100%")).toEqual([]);
});

test("the list is paged by 10, newest first, with the exact total and page count", async () => {
  await database.current.db.delete(caseStudies);
  const start = Date.now() - 60_000;
  await database.current.db.insert(caseStudies).values(
    Array.from({ length: 23 }, (_, i) => ({
      title: `Project ${String(i + 1).padStart(2, "0")}`,
      createdAt: new Date(start + i * 1000),
    })),
  );
  const first = await getLoader(loader, PATH);
  expect(first.list).toMatchObject({ total: 23, page: 1, pageCount: 3, failed: false });
  expect(first.list.rows).toHaveLength(10);
  expect(first.list.rows[0]?.title).toBe("Project 23");
  const last = await getLoader(loader, `${PATH}?page=3`);
  expect(last.list.rows.map((row) => row.title)).toEqual(["Project 03", "Project 02", "Project 01"]);
  const searched = await getLoader(loader, `${PATH}?q=project%201`);
  expect(searched.list).toMatchObject({ total: 10, pageCount: 1 });
});

test("an uploaded image is stored in the media bucket and its public URL saved", async () => {
  const body = new FormData();
  body.append("intent", "create");
  for (const [name, value] of Object.entries({ ...EMPTY_FORM, title: "With a photo" }))
    body.append(name, value);
  body.append("imageFile", new File([new Uint8Array(PNG)], "site.png", { type: "image/png" }));
  const result = await postAction(action, PATH, body);
  expect(result.status).toBe(302);
  const url = (await stored("With a photo"))?.imageUrl ?? "";
  expect(url).toMatch(/^\/files\/media\/\d{13}-[0-9a-f]{16}\.png$/);
  expect(fs.existsSync(path.join(database.current.storageRoot, "media", url.split("/").pop() ?? ""))).toBe(
    true,
  );
});

test("sales and anonymous visitors cannot read or write case studies", async () => {
  const sales = await postAction(
    action,
    PATH,
    { ...EMPTY_FORM, intent: "create", title: "By sales" },
    "sales",
  );
  expect(sales.status).toBe(403);
  expect(await stored("By sales")).toBeUndefined();
  await expect(getLoader(loader, PATH, "sales")).rejects.toMatchObject({ status: 302 });
});
