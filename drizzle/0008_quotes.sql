CREATE TABLE "quote_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_events_kind_check" CHECK (kind in ('draft', 'sent', 'viewed', 'accepted', 'changes_requested', 'declined', 'expired', 'superseded', 'withdrawn', 'edited', 'reminded'))
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"brand_name" text,
	"product_slug" text,
	"quantity_milli" integer NOT NULL,
	"unit" text DEFAULT 'each' NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"note" text,
	"line_total_cents" bigint NOT NULL,
	CONSTRAINT "quote_lines_description_check" CHECK (length(trim("quote_lines"."description")) between 1 and 300),
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity_milli" > 0),
	CONSTRAINT "quote_lines_price_check" CHECK ("quote_lines"."unit_price_cents" >= 0 and "quote_lines"."line_total_cents" >= 0),
	CONSTRAINT "quote_lines_discount_check" CHECK ("quote_lines"."discount_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "quote_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_company" text,
	"note_to_customer" text,
	"internal_notes" text,
	"valid_until" date NOT NULL,
	"gst_basis_points" integer NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"gst_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"terms_snapshot" text,
	"trader_snapshot" jsonb,
	"pdf_path" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"accepted_by" text,
	"purchase_order" text,
	"decline_reason" text,
	"answer_message" text,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK (status in ('draft', 'sent', 'viewed', 'accepted', 'changes_requested', 'declined', 'expired', 'superseded', 'withdrawn')),
	CONSTRAINT "quotes_decline_reason_check" CHECK (decline_reason is null or decline_reason in ('price', 'lead_time', 'bought_elsewhere', 'project_cancelled', 'other')),
	CONSTRAINT "quotes_revision_check" CHECK ("quotes"."revision" >= 1),
	CONSTRAINT "quotes_gst_check" CHECK ("quotes"."gst_basis_points" between 0 and 10000),
	CONSTRAINT "quotes_totals_check" CHECK ("quotes"."subtotal_cents" >= 0 and "quotes"."gst_cents" >= 0 and "quotes"."total_cents" = "quotes"."subtotal_cents" + "quotes"."gst_cents"),
	CONSTRAINT "quotes_sent_check" CHECK ("quotes"."status" = 'draft' or "quotes"."sent_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_enquiry_id_contact_queries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_events_quote_id_idx" ON "quote_events" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_quote_position_unique" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_links_quote_id_idx" ON "quote_links" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_enquiry_revision_unique" ON "quotes" USING btree ("enquiry_id","revision");--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_status_valid_until_idx" ON "quotes" USING btree ("status","valid_until");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'publish', 'unpublish', 'role', 'activate', 'deactivate', 'password_reset', 'export', 'download', 'retry', 'sign_in', 'sign_in_failed', 'sign_out', 'send', 'withdraw'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('product', 'brand', 'category', 'case_study', 'certification', 'home_content', 'contact_content', 'contact_subject', 'enquiry', 'setting', 'user', 'session', 'mail', 'quote'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('staff_notification', 'customer_acknowledgement', 'account_confirmation', 'quote', 'quote_reminder', 'quote_answer'));