ALTER TABLE "image_assets" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "image_assets_content_hash_idx" ON "image_assets" USING btree ("content_hash");