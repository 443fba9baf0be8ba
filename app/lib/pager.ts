/**
 * The items of a pager: the first and last pages, the current one and its neighbours, with
 * "ellipsis" for each gap. pagerItems(5, 10) → [1, "ellipsis", 4, 5, 6, "ellipsis", 10].
 */
export function pagerItems(current: number, totalPages: number): Array<number | "ellipsis"> {
  const pages = new Set([1, totalPages, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const items: Array<number | "ellipsis"> = [];
  for (const page of sorted) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous > 1) items.push("ellipsis");
    items.push(page);
  }
  return items;
}
