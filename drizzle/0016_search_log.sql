CREATE TABLE "search_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query" text NOT NULL,
	"day" date NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty_searches" integer DEFAULT 0 NOT NULL,
	"results" integer,
	"opens" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_log_query_length_check" CHECK (char_length("search_log"."query") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
CREATE UNIQUE INDEX "search_log_query_day_idx" ON "search_log" USING btree ("query","day");--> statement-breakpoint
CREATE INDEX "search_log_day_idx" ON "search_log" USING btree ("day");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('product', 'brand', 'category', 'case_study', 'certification', 'home_content', 'contact_content', 'contact_subject', 'enquiry', 'setting', 'user', 'session', 'mail', 'quote', 'building_info', 'catalog_import', 'catalog_import_profile', 'search_log'));