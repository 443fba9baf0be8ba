// Brands and categories are written by these commands (run through
// server/commands/runner.server.ts). Deleting one that products use leaves those products with
// none (the foreign keys are ON DELETE SET NULL); the usage count told the admin beforehand.
import { and, eq, inArray, notExists } from "drizzle-orm";
import { productIdsOf, refreshProductSearch, refreshProductSearchOf } from "~/modules/search/commands.server";
import { defineCommand } from "~/server/commands/runner.server";
import { getDb } from "~/server/db/db.server";
import { brands, caseStudies, categories, certifications, products } from "~/server/db/schema";
import { InputError } from "~/server/http/input-error";
import { withUniqueName } from "./admin.server";
import { brandEntity, categoryEntity } from "./entity";
import type { BrandInput, CategoryInput } from "./schema";

// ------------------------------------------------------------------ brands

/** What the brands tab posts. */
export type BrandAction =
  | (BrandInput & { intent: "create-brand" })
  | (BrandInput & { intent: "update-brand"; id: string })
  | { intent: "toggle-brand"; id: string; isActive: boolean }
  | { intent: "delete-brand"; id: string };

const BRAND_GONE = "This brand no longer exists.";

function brandValues(input: BrandInput) {
  return { name: input.name, description: input.description, logoUrl: input.logoUrl };
}

function duplicateBrand(name: string) {
  return `A brand named "${name}" already exists.`;
}

/** New brands are created active. A work helper for other commands too (an import's new brands). */
export async function createBrand(input: BrandInput) {
  const [row] = await withUniqueName(
    () =>
      getDb()
        .insert(brands)
        .values({ ...brandValues(input), isActive: true })
        .returning({ id: brands.id }),
    duplicateBrand(input.name),
  );
  return row;
}

async function updateBrand(id: string, values: Partial<typeof brands.$inferInsert>, name?: string) {
  const write = () =>
    getDb().update(brands).set(values).where(eq(brands.id, id)).returning({ id: brands.id });
  const [row] = name === undefined ? await write() : await withUniqueName(write, duplicateBrand(name));
  if (!row) throw new InputError(BRAND_GONE);
  // Its products are found by the brand's name.
  if (name !== undefined) await refreshProductSearchOf({ brandId: id });
}

/** Deletes the brand; the products that used it keep existing without a brand. */
export async function deleteBrand(id: string) {
  const used = await productIdsOf({ brandId: id });
  const [row] = await getDb().delete(brands).where(eq(brands.id, id)).returning({ id: brands.id });
  if (!row) throw new InputError(BRAND_GONE);
  await refreshProductSearch(used);
}

/** Creates, updates, switches on or off, or deletes a brand, as the brands tab's intent says. */
export const saveBrand = defineCommand({
  name: "brand.save",
  entity: brandEntity,
  access: "admin",
  target: (input: BrandAction) => ({
    action:
      input.intent === "create-brand" ? "create" : input.intent === "delete-brand" ? "delete" : "update",
    id: "id" in input && input.intent !== "create-brand" ? input.id : null,
  }),
  run: async (input) => {
    switch (input.intent) {
      case "create-brand":
        return createBrand(input);
      case "update-brand":
        return updateBrand(input.id, { ...brandValues(input), isActive: input.isActive }, input.name);
      case "toggle-brand":
        return updateBrand(input.id, { isActive: input.isActive });
      case "delete-brand":
        return deleteBrand(input.id);
    }
  },
});

// ------------------------------------------------------------------ categories

/** What the categories tab posts. */
export type CategoryAction =
  | (CategoryInput & { intent: "create-category" })
  | (CategoryInput & { intent: "update-category"; id: string })
  | { intent: "toggle-category"; id: string; isActive: boolean }
  | { intent: "delete-category"; id: string };

const CATEGORY_GONE = "This category no longer exists.";

function categoryValues(input: CategoryInput) {
  return { name: input.name, type: input.type, description: input.description };
}

function duplicateCategory(input: CategoryInput) {
  return `A ${input.type.replace("_", " ")} category named "${input.name}" already exists.`;
}

/** New categories are created active. A work helper for other commands too (an import's new categories). */
export async function createCategory(input: CategoryInput) {
  const [row] = await withUniqueName(
    () =>
      getDb()
        .insert(categories)
        .values({ ...categoryValues(input), isActive: true })
        .returning({ id: categories.id }),
    duplicateCategory(input),
  );
  return row;
}

async function updateCategory(
  id: string,
  values: Partial<typeof categories.$inferInsert>,
  input?: CategoryInput,
) {
  const write = () =>
    getDb().update(categories).set(values).where(eq(categories.id, id)).returning({ id: categories.id });
  const [row] = input ? await withUniqueName(write, duplicateCategory(input)) : await write();
  if (!row) throw new InputError(CATEGORY_GONE);
  // Its products are found by the category's name.
  if (input?.type === "products") await refreshProductSearchOf({ categoryId: id });
}

/** Deletes the category; products, case studies and certifications in it are left without one. */
export async function deleteCategory(id: string) {
  const used = await productIdsOf({ categoryId: id });
  const [row] = await getDb()
    .delete(categories)
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  if (!row) throw new InputError(CATEGORY_GONE);
  await refreshProductSearch(used);
}

/** Creates, updates, switches on or off, or deletes a category, as the categories tab's intent says. */
export const saveCategory = defineCommand({
  name: "category.save",
  entity: categoryEntity,
  access: "admin",
  target: (input: CategoryAction) => ({
    action:
      input.intent === "create-category"
        ? "create"
        : input.intent === "delete-category"
          ? "delete"
          : "update",
    id: "id" in input && input.intent !== "create-category" ? input.id : null,
  }),
  run: async (input) => {
    switch (input.intent) {
      case "create-category":
        return createCategory(input);
      case "update-category":
        return updateCategory(input.id, { ...categoryValues(input), isActive: input.isActive }, input);
      case "toggle-category":
        return updateCategory(input.id, { isActive: input.isActive });
      case "delete-category":
        return deleteCategory(input.id);
    }
  },
});

/** Of these categories, the ones that still exist and that no product, case study or certification is in. */
export async function unusedCategories(ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        inArray(categories.id, [...ids]),
        notExists(
          getDb().select({ id: products.id }).from(products).where(eq(products.categoryId, categories.id)),
        ),
        notExists(
          getDb()
            .select({ id: caseStudies.id })
            .from(caseStudies)
            .where(eq(caseStudies.categoryId, categories.id)),
        ),
        notExists(
          getDb()
            .select({ id: certifications.id })
            .from(certifications)
            .where(eq(certifications.categoryId, categories.id)),
        ),
      ),
    )
    .for("update");
  return rows.map((row) => row.id);
}

/** Of these brands, the ones that still exist and that no product has. */
export async function unusedBrands(ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        inArray(brands.id, [...ids]),
        notExists(getDb().select({ id: products.id }).from(products).where(eq(products.brandId, brands.id))),
      ),
    )
    .for("update");
  return rows.map((row) => row.id);
}
