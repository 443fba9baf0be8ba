// Home Management and the home content list through their routes' loaders and actions: the
// hero's fixed order and state, reviews as JSON with the fixed heading and order, display_order
// parsing, the active switch, delete, and what is refused (400, nothing written).
import { asc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { getHomeContent } from "~/modules/content/home.server";
import { action as homeAction, loader as homeLoader } from "~/routes/admin/home";
import { action, loader } from "~/routes/admin/home-management";
import { homeContent } from "~/server/db/schema";
import { errorOf, fieldErrorsOf, getLoader, postAction, toastOf } from "../support/admin-action";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const MANAGE = "/admin/home-management";
const LIST = "/admin/home";

// Every field of the dialogs, as the browser posts them (an empty input posts "").
const CONTENT = { title: "", subtitle: "", content: "", imageUrl: "", linkText: "", linkUrl: "" };
const ROW = { ...CONTENT, sectionType: "banner", displayOrder: "" };
const REVIEW = { name: "", company: "", rating: "5", review: "", project: "", imageUrl: "" };

async function rows(sectionType: string) {
  return database.current.db
    .select()
    .from(homeContent)
    .where(eq(homeContent.sectionType, sectionType))
    .orderBy(asc(homeContent.displayOrder), asc(homeContent.createdAt));
}

async function byTitle(title: string) {
  const [row] = await database.current.db.select().from(homeContent).where(eq(homeContent.title, title));
  return row;
}

test("the first hero is created active with display_order 1, and an edit keeps it so", async () => {
  const view = await getLoader(loader, `${MANAGE}?tab=hero`);
  expect(view).toMatchObject({ tab: "hero", hero: null, failed: false, editing: false });

  const created = await postAction(action, `${MANAGE}?tab=hero&edit=1`, {
    ...CONTENT,
    intent: "save-hero",
    title: "Framing packs, delivered",
    subtitle: "Cut and labelled",
    linkText: "Shop timber",
    linkUrl: "/catalog?category=Timber",
  });
  expect(created.status).toBe(302);
  expect(created.location).toBe(`${MANAGE}?tab=hero`);
  expect(await toastOf(created)).toBe("Hero section updated successfully");
  const [hero] = await rows("hero");
  expect(hero).toMatchObject({ title: "Framing packs, delivered", isActive: true, displayOrder: 1 });

  await database.current.db
    .update(homeContent)
    .set({ isActive: false, displayOrder: 7 })
    .where(eq(homeContent.id, hero?.id ?? ""));
  await postAction(action, `${MANAGE}?tab=hero&edit=1`, {
    ...CONTENT,
    intent: "save-hero",
    id: hero?.id ?? "",
    title: "New title",
  });
  expect(await rows("hero")).toHaveLength(1);
  expect((await rows("hero"))[0]).toMatchObject({
    id: hero?.id,
    title: "New title",
    subtitle: null,
    isActive: true,
    displayOrder: 1,
  });

  const edit = await getLoader(loader, `${MANAGE}?tab=hero&edit=1`);
  expect(edit).toMatchObject({ tab: "hero", editing: true, hero: { title: "New title" } });
  expect((await getHomeContent()).heroSlides[0]?.title).toBe("New title");
});

test("a hero row added with no display order or no title never takes the real hero's place", async () => {
  await database.current.db.delete(homeContent);
  await postAction(action, `${MANAGE}?tab=hero&edit=1`, {
    ...CONTENT,
    intent: "save-hero",
    title: "The real hero",
  });
  // Added from the home content list with the order left blank: after the hero.
  await postAction(homeAction, LIST, { ...ROW, intent: "create", sectionType: "hero", isActive: "on" });
  expect((await rows("hero")).map((row) => [row.title, row.displayOrder])).toEqual([
    ["The real hero", 1],
    [null, 2],
  ]);
  // Even placed first on purpose, a row with no title is no slide: the Hero Section and the
  // home page keep the real hero.
  await postAction(homeAction, LIST, {
    ...ROW,
    intent: "create",
    sectionType: "hero",
    subtitle: "Only a subtitle",
    displayOrder: "0",
    isActive: "on",
  });
  const view = await getLoader(loader, `${MANAGE}?tab=hero`);
  expect(view).toMatchObject({ tab: "hero", hero: { title: "The real hero" } });
  expect((await getHomeContent()).heroSlides.map((slide) => slide.title)).toEqual(["The real hero"]);
});

test("a hero with a javascript: link is refused with a message and nothing changes", async () => {
  const before = await rows("hero");
  const result = await postAction(action, `${MANAGE}?tab=hero&edit=1`, {
    ...CONTENT,
    intent: "save-hero",
    title: "Sneaky",
    linkUrl: "javascript:alert(document.cookie)",
  });
  expect(result.status).toBe(400);
  expect(fieldErrorsOf(result).linkUrl).toEqual(["Please enter a valid link URL (https://… or /path)"]);
  expect(await rows("hero")).toEqual(before);
});

test("a review is saved as JSON with the fixed heading, active, and display_order = the review count", async () => {
  await database.current.db.insert(homeContent).values([
    { sectionType: "reviews", title: "Old heading", content: "{}", displayOrder: 0 },
    { sectionType: "reviews", title: "Old heading", content: "{}", displayOrder: 1, isActive: false },
  ]);
  const result = await postAction(action, `${MANAGE}?tab=reviews`, {
    ...REVIEW,
    intent: "create-review",
    name: " Mere Tane ",
    company: "Tane Builders",
    rating: "4",
    review: "Great service",
    project: "Deck, Ōtaki",
    imageUrl: "https://images.example.nz/mere.jpg",
  });
  expect(result.status).toBe(302);
  expect(result.location).toBe(`${MANAGE}?tab=reviews`);
  expect(await toastOf(result)).toBe("Review created successfully");
  const created = (await rows("reviews")).at(-1);
  expect(created).toMatchObject({
    title: "What Our Customers Say",
    isActive: true,
    displayOrder: 2,
    imageUrl: "https://images.example.nz/mere.jpg",
  });
  expect(JSON.parse(created?.content ?? "")).toEqual({
    name: "Mere Tane",
    company: "Tane Builders",
    rating: 4,
    review: "Great service",
    project: "Deck, Ōtaki",
  });

  const listed = await getLoader(loader, `${MANAGE}?tab=reviews`);
  expect(listed.tab === "reviews" && listed.reviews.at(-1)).toMatchObject({ name: "Mere Tane", rating: 4 });
  expect((await getHomeContent()).reviews.map((review) => review.name)).toContain("Mere Tane");
});

test("an edited review keeps its place; the rating defaults to 5 and must be 1 to 5", async () => {
  await postAction(action, `${MANAGE}?tab=reviews`, {
    ...REVIEW,
    intent: "create-review",
    name: "Sam",
    rating: "",
  });
  const sam = (await rows("reviews")).at(-1);
  expect(JSON.parse(sam?.content ?? "").rating).toBe(5);
  const updated = await postAction(action, `${MANAGE}?tab=reviews`, {
    ...REVIEW,
    intent: "update-review",
    id: sam?.id ?? "",
    name: "Sam Parata",
    rating: "3",
  });
  expect(await toastOf(updated)).toBe("Review updated successfully");
  const after = (await rows("reviews")).find((row) => row.id === sam?.id);
  expect(after?.displayOrder).toBe(sam?.displayOrder);
  expect(JSON.parse(after?.content ?? "")).toMatchObject({ name: "Sam Parata", rating: 3 });

  const count = await database.current.db.$count(homeContent);
  for (const rating of ["0", "6", "4.5", "five"]) {
    const refused = await postAction(action, `${MANAGE}?tab=reviews`, {
      ...REVIEW,
      intent: "create-review",
      name: "X",
      rating,
    });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused).rating).toEqual(["Rating must be between 1 and 5"]);
  }
  expect(await database.current.db.$count(homeContent)).toBe(count);
});

test("display_order is a whole number: 'abc' is 0, '3.7' is 3, empty goes after its section's rows, negative is refused", async () => {
  const save = (title: string, displayOrder: string) =>
    postAction(homeAction, LIST, { ...ROW, intent: "create", title, displayOrder, isActive: "on" });
  expect(await toastOf(await save("Order abc", "abc"))).toBe("Content created successfully");
  await save("Order 3.7", "3.7");
  await save("Order empty", "");
  expect((await byTitle("Order abc"))?.displayOrder).toBe(0);
  expect((await byTitle("Order 3.7"))?.displayOrder).toBe(3);
  expect((await byTitle("Order empty"))?.displayOrder).toBe(4);
  // An empty section starts at 1; an edit left blank keeps the row's place.
  await postAction(homeAction, LIST, {
    ...ROW,
    intent: "create",
    sectionType: "promotion",
    title: "First promo",
  });
  const promo = await byTitle("First promo");
  expect(promo?.displayOrder).toBe(1);
  await postAction(homeAction, LIST, {
    ...ROW,
    intent: "update",
    id: promo?.id ?? "",
    sectionType: "promotion",
    title: "First promo, renamed",
    displayOrder: "",
  });
  expect((await byTitle("First promo, renamed"))?.displayOrder).toBe(1);
  const negative = await save("Order negative", "-1");
  expect(negative.status).toBe(400);
  expect(fieldErrorsOf(negative).displayOrder).toEqual(["Display order cannot be negative"]);
  expect(await byTitle("Order negative")).toBeUndefined();
});

test("no home field is required, but the section type must be one of the six", async () => {
  const blank = await postAction(homeAction, LIST, { ...ROW, intent: "create", sectionType: "promotion" });
  expect(blank.status).toBe(302);
  const bad = await postAction(homeAction, LIST, {
    ...ROW,
    intent: "create",
    sectionType: "footer",
    title: "Bad type",
  });
  expect(bad.status).toBe(400);
  expect(fieldErrorsOf(bad).sectionType).toEqual(["Choose a section type"]);
  expect(await byTitle("Bad type")).toBeUndefined();
});

test("the list shows every row by display_order; edit, the active switch and delete change what the home page shows", async () => {
  await database.current.db.delete(homeContent);
  await postAction(homeAction, LIST, {
    ...ROW,
    intent: "create",
    sectionType: "hero",
    title: "Slide B",
    displayOrder: "2",
    isActive: "on",
  });
  await postAction(homeAction, LIST, {
    ...ROW,
    intent: "create",
    sectionType: "hero",
    title: "Slide A",
    displayOrder: "1",
    isActive: "on",
  });
  await postAction(homeAction, LIST, {
    ...ROW,
    intent: "create",
    sectionType: "catalog",
    title: "Hidden",
    displayOrder: "0",
  });
  const data = await getLoader(homeLoader, LIST);
  expect(data.items.map((item) => [item.title, item.isActive])).toEqual([
    ["Hidden", false],
    ["Slide A", true],
    ["Slide B", true],
  ]);
  expect((await getHomeContent()).heroSlides.map((slide) => slide.title)).toEqual(["Slide A", "Slide B"]);

  const slideB = await byTitle("Slide B");
  const toggled = await postAction(homeAction, LIST, { intent: "toggle-active", id: slideB?.id ?? "" });
  expect(await toastOf(toggled)).toBe("Content updated successfully");
  expect((await byTitle("Slide B"))?.isActive).toBe(false);
  expect((await getHomeContent()).heroSlides.map((slide) => slide.title)).toEqual(["Slide A"]);
  await postAction(homeAction, LIST, { intent: "toggle-active", id: slideB?.id ?? "", isActive: "on" });
  expect((await byTitle("Slide B"))?.isActive).toBe(true);

  const updated = await postAction(homeAction, LIST, {
    ...ROW,
    intent: "update",
    id: slideB?.id ?? "",
    sectionType: "hero",
    title: "Slide B2",
    displayOrder: "0",
    isActive: "on",
  });
  expect(await toastOf(updated)).toBe("Content updated successfully");
  expect((await getHomeContent()).heroSlides.map((slide) => slide.title)).toEqual(["Slide B2", "Slide A"]);

  const deleted = await postAction(homeAction, LIST, { intent: "delete", id: slideB?.id ?? "" });
  expect(await toastOf(deleted)).toBe("Content deleted successfully");
  expect(await byTitle("Slide B2")).toBeUndefined();
  const gone = await postAction(homeAction, LIST, { intent: "delete", id: slideB?.id ?? "" });
  expect(gone.status).toBe(400);
  expect(errorOf(gone)).toEqual({
    title: "Failed to delete content",
    description: "This content no longer exists.",
  });
});

test("category and catalog items are created in their section from Home Management's tabs", async () => {
  const result = await postAction(action, `${MANAGE}?tab=categories`, {
    ...ROW,
    intent: "create",
    sectionType: "categories",
    title: "Decking",
    linkUrl: "/catalog?category=Decking",
    displayOrder: "5",
    isActive: "on",
  });
  expect(result.location).toBe(`${MANAGE}?tab=categories`);
  expect(await toastOf(result)).toBe("Content created successfully");
  const data = await getLoader(loader, `${MANAGE}?tab=categories`);
  expect(data.tab === "categories" && data.items.map((item) => item.title)).toContain("Decking");
  expect((await getHomeContent()).categories.map((tile) => tile.name)).toContain("Decking");
  const decking = await byTitle("Decking");
  const deleted = await postAction(action, `${MANAGE}?tab=categories`, {
    intent: "delete",
    id: decking?.id ?? "",
  });
  expect(await toastOf(deleted)).toBe("Content deleted successfully");
});

test("sales cannot read or change home content", async () => {
  const count = await database.current.db.$count(homeContent);
  const sales = await postAction(
    action,
    MANAGE,
    { ...CONTENT, intent: "save-hero", title: "By sales" },
    "sales",
  );
  expect(sales.status).toBe(403);
  const list = await postAction(homeAction, LIST, { ...ROW, intent: "create", title: "By sales" }, "sales");
  expect(list.status).toBe(403);
  expect(await database.current.db.$count(homeContent)).toBe(count);
  await expect(getLoader(homeLoader, LIST, "sales")).rejects.toMatchObject({ status: 302 });
});
