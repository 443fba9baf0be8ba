import { defineEntity } from "~/server/commands/entity";
import { brands, categories } from "~/server/db/schema";

export const brandEntity = defineEntity({
  type: "brand",
  noun: "brand",
  table: brands,
  key: brands.id,
  label: brands.name,
  shownInPublic: true,
});

export const categoryEntity = defineEntity({
  type: "category",
  noun: "category",
  table: categories,
  key: categories.id,
  label: categories.name,
  shownInPublic: true,
});
