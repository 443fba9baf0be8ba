// The products ticked in the catalogue list for a consent pack, kept while staff page and search
// the list, in the order the pack lists them: each page's ticked products together, in the order
// the list shows them, and pages in the order they were first ticked on.
import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

export type Ticked = { id: string; name: string };

/**
 * The selection once the rows of one page are ticked as `isTicked` says: that page's ticked rows
 * in list order, where the page's first ticked product stood (at the end when none was), the
 * products ticked on other pages as they were.
 */
export function tickOnPage(
  ticked: readonly Ticked[],
  rows: readonly Ticked[],
  isTicked: (id: string) => boolean,
): Ticked[] {
  const onPage = new Set(rows.map((row) => row.id));
  const first = ticked.findIndex((item) => onPage.has(item.id));
  const elsewhere = ticked.filter((item) => !onPage.has(item.id));
  const page = rows.filter((row) => isTicked(row.id)).map(({ id, name }) => ({ id, name }));
  const at = first === -1 ? elsewhere.length : first;
  return [...elsewhere.slice(0, at), ...page, ...elsewhere.slice(at)];
}

export type PackSelection = ReturnType<typeof usePackSelection>;

/**
 * The selection over the list's current page of `rows`; `hydrated` once scripts run (before, the
 * page's own checkboxes are the selection).
 */
export function usePackSelection(rows: readonly Ticked[]) {
  const [ticked, setTicked] = useState<readonly Ticked[]>([]);
  const hydrated = useHydrated();
  const chosen = new Set(ticked.map((item) => item.id));
  return {
    rows,
    hydrated,
    ticked,
    has: (id: string) => chosen.has(id),
    /** Every row of this page is ticked (and there is one). */
    wholePage: rows.length > 0 && rows.every((row) => chosen.has(row.id)),
    toggle(id: string, on: boolean) {
      setTicked((current) => {
        const was = new Set(current.map((item) => item.id));
        return tickOnPage(current, rows, (rowId) => (rowId === id ? on : was.has(rowId)));
      });
    },
    tickPage(on: boolean) {
      setTicked((current) => tickOnPage(current, rows, () => on));
    },
    clear() {
      setTicked([]);
    },
  };
}
