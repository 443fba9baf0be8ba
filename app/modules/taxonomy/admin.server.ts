// Brands and categories in the back office (Settings): paged lists with their usage counts (the
// writes are commands.server.ts), and the helpers other modules' lists and writes share.
import { type AnyColumn, and, count, desc, eq, getTableName, sql } from "drizzle-orm";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { brands, caseStudies, categories, certifications, products } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import type { CategoryFilter, TaxonomyUsage } from "./schema";

/** Postgres unique_violation (23505), on pg and PGlite alike, wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown) {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a write and turns a unique-index clash into the admin's message instead of a 500. */
export async function withUniqueName<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new InputError(message);
    throw error;
  }
}

/**
 * created_at descending as the created_at indexes are built (DESC NULLS LAST): plain desc() means
 * NULLS FIRST, which no index serves, so every page would sort the whole table.
 */
export function newestFirst(column: AnyColumn) {
  return sql`${column} desc nulls last`;
}

// readPage and Paged now live in the admin kit (list-params); modules that import them from here
// still can.
export { type Paged, readPage };

type ReferenceColumn =
  | typeof products.brandId
  | typeof products.categoryId
  | typeof caseStudies.categoryId
  | typeof certifications.categoryId;

// Drizzle leaves columns unqualified in a one-table select, which inside a correlated subquery
// would bind to the inner table: spell out "table"."column" on both sides.
function qualified(column: ReferenceColumn | typeof brands.id | typeof categories.id) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** How many rows of the column's table point at the id (a column of the outer query, or a value). */
function referencesTo(column: ReferenceColumn, id: typeof brands.id | typeof categories.id | string) {
  const target = typeof id === "string" ? sql`${id}` : qualified(id);
  return sql<number>`(select count(*)::int from ${column.table} where ${qualified(column)} = ${target})`;
}

// ------------------------------------------------------------------ brands

export type BrandRow = typeof brands.$inferSelect & { productCount: number };

export function listBrands({ page, q }: { page: number; q: string }): Promise<Paged<BrandRow>> {
  const where = ilikeAny([brands.name, brands.description], q);
  return readPage(
    page,
    () => getDb().select({ n: count() }).from(brands).where(where),
    (offset) =>
      getDb()
        .select({
          id: brands.id,
          name: brands.name,
          description: brands.description,
          logoUrl: brands.logoUrl,
          isActive: brands.isActive,
          createdAt: brands.createdAt,
          productCount: referencesTo(products.brandId, brands.id),
        })
        .from(brands)
        .where(where)
        .orderBy(newestFirst(brands.createdAt), desc(brands.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
}

// ------------------------------------------------------------------ categories

export type CategoryRow = typeof categories.$inferSelect & { usage: TaxonomyUsage };

export async function listCategories({
  page,
  q,
  type,
}: {
  page: number;
  q: string;
  type: CategoryFilter;
}): Promise<Paged<CategoryRow>> {
  const where = and(
    ilikeAny([categories.name, categories.description], q),
    type === "all" ? undefined : eq(categories.type, type),
  );
  const paged = await readPage(
    page,
    () => getDb().select({ n: count() }).from(categories).where(where),
    (offset) =>
      getDb()
        .select({
          id: categories.id,
          name: categories.name,
          type: categories.type,
          description: categories.description,
          isActive: categories.isActive,
          createdAt: categories.createdAt,
          ...categoryUsage(categories.id),
        })
        .from(categories)
        .where(where)
        .orderBy(newestFirst(categories.createdAt), desc(categories.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  return {
    ...paged,
    rows: paged.rows.map(({ products, caseStudies, certifications, ...row }) => ({
      ...row,
      usage: { products, caseStudies, certifications },
    })),
  };
}

function categoryUsage(id: typeof categories.id | string) {
  return {
    products: referencesTo(products.categoryId, id),
    caseStudies: referencesTo(caseStudies.categoryId, id),
    certifications: referencesTo(certifications.categoryId, id),
  };
}
