CREATE TABLE "building_info_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"classification" text DEFAULT 'not_designated' NOT NULL,
	"exempt_reason" text,
	"responsibility" text DEFAULT 'manufacturer' NOT NULL,
	"source_url" text,
	"description" text,
	"intended_use" text,
	"identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"responsible_party" jsonb,
	"manufacturer" jsonb,
	"code_clauses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scope_of_use" text,
	"design_requirements" text,
	"installation_requirements" text,
	"maintenance_requirements" text,
	"requirements_document_url" text,
	"warnings" text,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"reviewed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "building_info_sheets_title_not_blank" CHECK (length(trim("building_info_sheets"."title")) > 0),
	CONSTRAINT "building_info_sheets_classification_check" CHECK (classification in ('class_1', 'class_2', 'exempt_codemark', 'exempt_other', 'not_designated')),
	CONSTRAINT "building_info_sheets_responsibility_check" CHECK (responsibility in ('manufacturer', 'importer', 'reseller')),
	CONSTRAINT "building_info_sheets_version_check" CHECK ("building_info_sheets"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "building_info_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sheet_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_by" text
);
--> statement-breakpoint
CREATE TABLE "certificate_reminders" (
	"certification_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_reminders_certification_id_kind_period_pk" PRIMARY KEY("certification_id","kind","period"),
	CONSTRAINT "certificate_reminders_kind_check" CHECK (kind in ('expiry_90', 'expiry_30', 'expiry_7', 'register_check'))
);
--> statement-breakpoint
CREATE TABLE "certification_products" (
	"certification_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "certification_products_certification_id_product_id_pk" PRIMARY KEY("certification_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "scheme" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "certificate_number" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "certification_body" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "scope" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "issued_on" date;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "register_url" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "register_checked_on" date;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "register_checked_by" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "standing" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "building_info_id" uuid;--> statement-breakpoint
ALTER TABLE "building_info_versions" ADD CONSTRAINT "building_info_versions_sheet_id_building_info_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."building_info_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_reminders" ADD CONSTRAINT "certificate_reminders_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_products" ADD CONSTRAINT "certification_products_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_products" ADD CONSTRAINT "certification_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "building_info_sheets_title_idx" ON "building_info_sheets" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "building_info_versions_sheet_version_unique" ON "building_info_versions" USING btree ("sheet_id","version");--> statement-breakpoint
CREATE INDEX "certification_products_product_idx" ON "certification_products" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_building_info_id_building_info_sheets_id_fk" FOREIGN KEY ("building_info_id") REFERENCES "public"."building_info_sheets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certifications_expires_on_idx" ON "certifications" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "products_building_info_id_idx" ON "products" USING btree ("building_info_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('product', 'brand', 'category', 'case_study', 'certification', 'home_content', 'contact_content', 'contact_subject', 'enquiry', 'setting', 'user', 'session', 'mail', 'quote', 'building_info'));--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_scheme_check" CHECK (scheme is null or scheme in ('codemark', 'branz_appraisal', 'other'));--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_standing_check" CHECK (standing in ('active', 'suspended', 'withdrawn', 'draft'));--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_dates_check" CHECK ("certifications"."issued_on" is null or "certifications"."expires_on" is null or "certifications"."issued_on" <= "certifications"."expires_on");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('staff_notification', 'customer_acknowledgement', 'account_confirmation', 'quote', 'quote_reminder', 'quote_answer', 'certificate_reminder'));