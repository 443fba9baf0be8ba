CREATE TABLE "consent_pack_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"products" integer NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
CREATE INDEX "consent_pack_downloads_created_at_idx" ON "consent_pack_downloads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('product', 'brand', 'category', 'case_study', 'certification', 'home_content', 'contact_content', 'contact_subject', 'enquiry', 'setting', 'user', 'session', 'mail', 'quote', 'building_info', 'catalog_import', 'catalog_import_profile', 'search_log', 'consent_pack_download'));