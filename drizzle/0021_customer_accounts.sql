CREATE TABLE "job_items" (
	"job_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_items_job_id_product_id_pk" PRIMARY KEY("job_id","product_id"),
	CONSTRAINT "job_items_quantity_check" CHECK ("job_items"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"site_address" text NOT NULL,
	"client" text,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK (status in ('active', 'finished')),
	CONSTRAINT "jobs_name_not_blank" CHECK (length(trim("jobs"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "contact_queries" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "contact_queries" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_queries" ADD COLUMN "job_name" text;--> statement-breakpoint
ALTER TABLE "contact_queries" ADD COLUMN "job_site_address" text;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_items_product_id_idx" ON "job_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "jobs_user_id_idx" ON "jobs" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "contact_queries" ADD CONSTRAINT "contact_queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_queries" ADD CONSTRAINT "contact_queries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_queries_user_id_idx" ON "contact_queries" USING btree ("user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "contact_queries_job_id_idx" ON "contact_queries" USING btree ("job_id") WHERE job_id is not null;--> statement-breakpoint
CREATE INDEX "quotes_customer_email_idx" ON "quotes" USING btree (lower("customer_email"));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('product', 'brand', 'category', 'case_study', 'certification', 'home_content', 'contact_content', 'contact_subject', 'enquiry', 'setting', 'user', 'session', 'mail', 'quote', 'building_info', 'catalog_import', 'catalog_import_profile', 'search_log', 'consent_pack_download', 'job'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('staff_notification', 'customer_acknowledgement', 'account_confirmation', 'sign_in_link', 'email_change', 'quote', 'quote_reminder', 'quote_answer', 'certificate_reminder'));