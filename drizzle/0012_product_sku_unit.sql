ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "sku" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_format" CHECK ("products"."sku" ~ '^[A-Za-z0-9]([A-Za-z0-9._/ -]*[A-Za-z0-9._/-])?$' and length("products"."sku") <= 40);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_check" CHECK (length(trim("products"."unit")) between 1 and 20 and "products"."unit" = trim("products"."unit"));--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_sku_check" CHECK (length(trim("quote_lines"."sku")) between 1 and 40);