ALTER TABLE "product_search" ADD COLUMN "is_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "stock_status" text DEFAULT 'In Stock' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "discount_percentage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "product_search" ps SET
  "is_published" = p."is_published",
  "category_id" = p."category_id",
  "brand_id" = p."brand_id",
  "stock_status" = p."stock_status",
  "discount_percentage" = p."discount_percentage",
  "name" = p."name",
  "sort_name" = lower(p."name")
FROM "products" p WHERE p."id" = ps."product_id";
--> statement-breakpoint
-- A product's catalogue filters and sort keys follow it into its search row on every change,
-- whoever makes it (a command, an import, a category's deletion setting category_id to null), so
-- a search answered from product_search alone never shows a product the catalogue would not.
CREATE OR REPLACE FUNCTION product_search_follow_product() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_search" SET
    "is_published" = NEW."is_published",
    "category_id" = NEW."category_id",
    "brand_id" = NEW."brand_id",
    "stock_status" = NEW."stock_status",
    "discount_percentage" = NEW."discount_percentage",
    "name" = NEW."name",
    "sort_name" = lower(NEW."name")
  WHERE "product_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_follow
AFTER UPDATE OF "is_published", "category_id", "brand_id", "stock_status", "discount_percentage", "name" ON "products"
FOR EACH ROW
WHEN (
  OLD."is_published" IS DISTINCT FROM NEW."is_published"
  OR OLD."category_id" IS DISTINCT FROM NEW."category_id"
  OR OLD."brand_id" IS DISTINCT FROM NEW."brand_id"
  OR OLD."stock_status" IS DISTINCT FROM NEW."stock_status"
  OR OLD."discount_percentage" IS DISTINCT FROM NEW."discount_percentage"
  OR OLD."name" IS DISTINCT FROM NEW."name"
)
EXECUTE FUNCTION product_search_follow_product();
