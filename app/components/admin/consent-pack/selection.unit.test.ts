import { expect, test } from "vitest";
import { type Ticked, tickOnPage } from "./selection";

const row = (id: string): Ticked => ({ id, name: `Product ${id}` });
const page1 = ["a", "b", "c"].map(row);
const page2 = ["d", "e", "f"].map(row);
const ids = (ticked: readonly Ticked[]) => ticked.map((item) => item.id);

test("a page's ticks are in the list's order, whatever order they were ticked in", () => {
  let ticked = tickOnPage([], page1, (id) => id === "c");
  ticked = tickOnPage(ticked, page1, (id) => id === "c" || id === "a");
  expect(ids(ticked)).toEqual(["a", "c"]);
});

test("the pages follow in the order they were ticked on, each page's ticks together", () => {
  let ticked = tickOnPage([], page2, (id) => id === "e");
  ticked = tickOnPage(ticked, page1, (id) => id === "b");
  ticked = tickOnPage(ticked, page2, (id) => id === "d" || id === "e");
  expect(ids(ticked)).toEqual(["d", "e", "b"]);
});

test("unticking a page's rows leaves the other pages' ticks as they were", () => {
  let ticked = tickOnPage([], page1, () => true);
  ticked = tickOnPage(ticked, page2, (id) => id === "f");
  ticked = tickOnPage(ticked, page1, () => false);
  expect(ids(ticked)).toEqual(["f"]);
});
