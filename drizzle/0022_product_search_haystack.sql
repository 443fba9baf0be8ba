ALTER TABLE "product_search" ADD COLUMN "haystack" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The text the case-insensitive contains match reads, lower-cased once: name, description, short
-- description and stock code joined by U+0001, which a query is never matched across.
CREATE OR REPLACE FUNCTION product_search_haystack(p "products") RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\x01', p."name", p."description", p."short_description", p."sku"))
$$;
--> statement-breakpoint
UPDATE "product_search" ps SET "haystack" = product_search_haystack(p)
FROM "products" p WHERE p."id" = ps."product_id";
--> statement-breakpoint
-- Every product has its search row from the moment it is written, so a search answered from
-- product_search alone finds it by the contains match even before its terms are written (empty
-- terms: the search commands or the start-up backfill tokenise it).
INSERT INTO "product_search" ("product_id", "terms", "is_published", "category_id", "brand_id", "stock_status", "discount_percentage", "name", "sort_name", "haystack")
SELECT p."id", ''::tsvector, p."is_published", p."category_id", p."brand_id", p."stock_status", p."discount_percentage", p."name", lower(p."name"), product_search_haystack(p)
FROM "products" p
WHERE NOT EXISTS (SELECT 1 FROM "product_search" ps WHERE ps."product_id" = p."id");
--> statement-breakpoint
CREATE INDEX "product_search_haystack_trgm_idx" ON "product_search" USING gin ("haystack" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_unwritten_idx" ON "product_search" USING btree ("product_id") WHERE length("product_search"."terms") = 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_insert_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("product_id", "terms", "is_published", "category_id", "brand_id", "stock_status", "discount_percentage", "name", "sort_name", "haystack")
  VALUES (NEW."id", ''::tsvector, NEW."is_published", NEW."category_id", NEW."brand_id", NEW."stock_status", NEW."discount_percentage", NEW."name", lower(NEW."name"), product_search_haystack(NEW))
  ON CONFLICT ("product_id") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_row
AFTER INSERT ON "products"
FOR EACH ROW
EXECUTE FUNCTION product_search_insert_row();
--> statement-breakpoint
-- A product's catalogue filters, sort keys and contains text follow it into its search row on
-- every change, whoever makes it.
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
    "sort_name" = lower(NEW."name"),
    "haystack" = product_search_haystack(NEW)
  WHERE "product_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_search_follow" ON "products";--> statement-breakpoint
CREATE TRIGGER products_search_follow
AFTER UPDATE OF "is_published", "category_id", "brand_id", "stock_status", "discount_percentage", "name", "description", "short_description", "sku" ON "products"
FOR EACH ROW
WHEN (
  OLD."is_published" IS DISTINCT FROM NEW."is_published"
  OR OLD."category_id" IS DISTINCT FROM NEW."category_id"
  OR OLD."brand_id" IS DISTINCT FROM NEW."brand_id"
  OR OLD."stock_status" IS DISTINCT FROM NEW."stock_status"
  OR OLD."discount_percentage" IS DISTINCT FROM NEW."discount_percentage"
  OR OLD."name" IS DISTINCT FROM NEW."name"
  OR OLD."description" IS DISTINCT FROM NEW."description"
  OR OLD."short_description" IS DISTINCT FROM NEW."short_description"
  OR OLD."sku" IS DISTINCT FROM NEW."sku"
)
EXECUTE FUNCTION product_search_follow_product();
