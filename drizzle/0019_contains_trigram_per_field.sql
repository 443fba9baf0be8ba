DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_short_description_trgm_idx" ON "products" USING gin ("short_description" gin_trgm_ops);