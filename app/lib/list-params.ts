// Paging and search for every admin list, read from the URL so a list is a plain link.
//
//   const { page, q, offset } = parseListParams(request);        // page >= 1, q trimmed (<= 200)
//   const where = ilikeAny([products.name, products.description], q); // ~/server/db/like; none for ""
//   ... .where(where).limit(PAGE_SIZE).offset(offset)
//   pageCount(total)                                             // Math.max(1, ceil(total / 10))
//
// A page past the end is clamped by clampPage(page, total) so a stale link still shows rows.
import { z } from "zod";

export const PAGE_SIZE = 10;

const listParamsSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  // A NUL cannot be in a text column, and PostgreSQL refuses a query that carries one.
  q: z
    .string()
    .catch("")
    .transform((value) => value.replaceAll("\u0000", "").trim().slice(0, 200)),
});

export type ListParams = { page: number; q: string; offset: number };

/** page and q from a request, a URL or its search params; bad values fall back to page 1 and "". */
export function parseListParams(source: Request | URL | URLSearchParams): ListParams {
  const params =
    source instanceof URLSearchParams
      ? source
      : source instanceof URL
        ? source.searchParams
        : new URL(source.url).searchParams;
  const { page, q } = listParamsSchema.parse({
    page: params.get("page") ?? undefined,
    q: params.get("q") ?? "",
  });
  return { page, q, offset: (page - 1) * PAGE_SIZE };
}

function pageCount(total: number) {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** The page to show for a total: a page past the end becomes the last one. */
function clampPage(page: number, total: number) {
  return Math.min(Math.max(1, page), pageCount(total));
}

export type Paged<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

/**
 * One page of a list with its exact total. The total is read first, so a page past the end is
 * clamped to the last one before the rows are read.
 *
 *   readPage(page, () => db.select({ n: count() }).from(t).where(w),
 *                  (offset) => db.select().from(t).where(w).orderBy(desc(t.createdAt)).limit(PAGE_SIZE).offset(offset))
 */
export async function readPage<Row>(
  page: number,
  countRows: () => Promise<{ n: number }[]>,
  readRows: (offset: number) => Promise<Row[]>,
): Promise<Paged<Row>> {
  const [counted] = await countRows();
  const total = Number(counted?.n ?? 0);
  const current = clampPage(page, total);
  const rows = await readRows((current - 1) * PAGE_SIZE);
  return { rows, total, page: current, pageCount: pageCount(total) };
}

/** One page of an admin list as a screen gets it: `failed` when the read threw (shown as such). */
export type PagedListData<Row> = {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
  failed: boolean;
};
