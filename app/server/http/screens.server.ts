// What every admin screen's loader does around its own module's reads: a list that fails to load
// is logged and shown as "Failed to fetch …" (never a 500 page), and a pick-list that fails is
// only logged and empty. Writes go through readForm and a module's command (intake.server.ts).
//
//   const list = await loadPagedList("case studies", parseListParams(request), listAdminCaseStudies);
//   const categories = await loadPickList("case study categories", getCaseStudyCategoryOptions);
//   const content = await loadWholeList("contact content", "", listContactContent);
//   const hero = await tryLoad("hero content", getHero);        // { ok: true, value } or { ok: false }
import type { ListParams, Paged, PagedListData } from "~/lib/list-params";
import { readOr } from "../read-or.server";
import { InputError } from "./input-error";

/** One page of a list with its search, or an empty page flagged `failed` when the read throws. */
export function loadPagedList<Row>(
  noun: string,
  params: Pick<ListParams, "page" | "q">,
  read: (params: { page: number; q: string }) => Promise<Paged<Row>>,
): Promise<PagedListData<Row>> {
  return readOr(
    noun,
    async (): Promise<PagedListData<Row>> => ({
      ...(await read({ page: params.page, q: params.q })),
      q: params.q,
      failed: false,
    }),
    { rows: [], total: 0, page: 1, pageCount: 1, q: params.q, failed: true },
  );
}

/** A short list shown whole (one page), searched or not, flagged `failed` when the read throws. */
export function loadWholeList<Row>(
  noun: string,
  q: string,
  read: () => Promise<Row[]>,
): Promise<PagedListData<Row>> {
  return readOr(
    noun,
    async (): Promise<PagedListData<Row>> => {
      const rows = await read();
      return { rows, total: rows.length, page: 1, pageCount: 1, q, failed: false };
    },
    { rows: [], total: 0, page: 1, pageCount: 1, q, failed: true },
  );
}

type Loaded<T> = { ok: true; value: T } | { ok: false };

/** A read whose failure is logged and reported, for the screen to say so instead of a 500 page. */
export function tryLoad<T>(what: string, read: () => Promise<T>): Promise<Loaded<T>> {
  return readOr(what, async (): Promise<Loaded<T>> => ({ ok: true, value: await read() }), { ok: false });
}

/** A pick-list's options; a failure is only logged and the list is empty. */
export function loadPickList<Option>(what: string, read: () => Promise<Option[]>): Promise<Option[]> {
  return readOr(what, read, []);
}

/** The one row a write by id touched; an InputError (shown to the admin) when it is gone. */
export function expectRow<Row>(rows: Row[], gone: string): Row {
  const [row] = rows;
  if (!row) throw new InputError(gone);
  return row;
}
