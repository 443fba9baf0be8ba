import { defineEntity } from "~/server/commands/entity";
import { products } from "~/server/db/schema";

export const productEntity = defineEntity({
  type: "product",
  noun: "product",
  table: products,
  key: products.id,
  label: products.name,
  shownInPublic: true,
});
