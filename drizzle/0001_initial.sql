CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"logo_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_name_not_blank" CHECK (length(trim("brands"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "case_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category_id" uuid,
	"duration" integer,
	"materials" jsonb,
	"challenge" text,
	"solution" text,
	"result" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_studies_title_not_blank" CHECK (length(trim("case_studies"."title")) > 0),
	CONSTRAINT "case_studies_duration_check" CHECK ("case_studies"."duration" is null or "case_studies"."duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'products' NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_type_check" CHECK (type in ('products', 'case_studies', 'certifications')),
	CONSTRAINT "categories_name_not_blank" CHECK (length(trim("categories"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category_id" uuid,
	"file_url" text NOT NULL,
	"file_type" text NOT NULL,
	"image_url" text,
	"allow_download" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certifications_title_not_blank" CHECK (length(trim("certifications"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "contact_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"title" text,
	"subtitle" text,
	"phone" text,
	"email" text,
	"address" text,
	"business_hours" jsonb,
	"social_links" jsonb,
	"map_embed_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_content_type_not_blank" CHECK (length(trim("contact_content"."content_type")) > 0)
);
--> statement-breakpoint
CREATE TABLE "contact_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"file_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_queries_full_name_check" CHECK (length(trim("contact_queries"."full_name")) >= 2),
	CONSTRAINT "contact_queries_message_check" CHECK (length(trim("contact_queries"."message")) >= 10)
);
--> statement-breakpoint
CREATE TABLE "contact_subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_subjects_name_not_blank" CHECK (length(trim("contact_subjects"."subject_name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "home_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_type" text NOT NULL,
	"title" text,
	"subtitle" text,
	"content" text,
	"image_url" text,
	"link_text" text,
	"link_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_content_section_type_check" CHECK (section_type in ('hero', 'banner', 'promotion', 'categories', 'catalog', 'reviews')),
	CONSTRAINT "home_content_review_rating_check" CHECK ("home_content"."section_type" <> 'reviews' or home_content_review_rating_ok("home_content"."content"))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"short_description" text,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"original_price" numeric(12, 2),
	"discount_percentage" integer DEFAULT 0 NOT NULL,
	"category_id" uuid,
	"brand_id" uuid,
	"image_url" text,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"stock_status" text DEFAULT 'In Stock' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_status_check" CHECK (stock_status in ('In Stock', 'Low Stock', 'Out of Stock')),
	CONSTRAINT "products_name_not_blank" CHECK (length(trim("products"."name")) > 0),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_original_price_check" CHECK ("products"."original_price" is null or "products"."original_price" >= 0),
	CONSTRAINT "products_discount_check" CHECK ("products"."discount_percentage" between 0 and 100),
	CONSTRAINT "products_stock_quantity_check" CHECK ("products"."stock_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_setting_key_unique" UNIQUE("setting_key"),
	CONSTRAINT "site_settings_hero_opacity_check" CHECK ("site_settings"."setting_key" <> 'hero_background' or ("site_settings"."setting_value" -> 'opacity') is null or (jsonb_typeof("site_settings"."setting_value" -> 'opacity') = 'number' and ("site_settings"."setting_value" ->> 'opacity')::double precision between 0 and 1))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role in ('admin', 'sales', 'user'))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_unique" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_created_at_idx" ON "brands" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "brands_active_name_idx" ON "brands" USING btree ("is_active","name");--> statement-breakpoint
CREATE INDEX "case_studies_created_at_idx" ON "case_studies" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "case_studies_category_id_idx" ON "case_studies" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "case_studies_search_trgm_idx" ON "case_studies" USING gin ((coalesce("title", '') || ' ' || coalesce("challenge", '') || ' ' || coalesce("solution", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_type_name_unique" ON "categories" USING btree ("type",lower("name"));--> statement-breakpoint
CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "categories_type_active_name_idx" ON "categories" USING btree ("type","is_active","name");--> statement-breakpoint
CREATE INDEX "certifications_created_at_idx" ON "certifications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certifications_category_id_idx" ON "certifications" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "contact_content_created_at_idx" ON "contact_content" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_queries_created_at_idx" ON "contact_queries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_queries_search_trgm_idx" ON "contact_queries" USING gin ((coalesce("full_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("subject", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_subjects_name_unique" ON "contact_subjects" USING btree (lower("subject_name"));--> statement-breakpoint
CREATE INDEX "contact_subjects_created_at_idx" ON "contact_subjects" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "home_content_section_order_idx" ON "home_content" USING btree ("section_type","is_active","display_order");--> statement-breakpoint
CREATE INDEX "home_content_display_order_idx" ON "home_content" USING btree ("display_order");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_published_featured_idx" ON "products" USING btree ("is_published","is_featured");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_id_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ((coalesce("name", '') || ' ' || coalesce("description", '') || ' ' || coalesce("short_description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST);