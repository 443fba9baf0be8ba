CREATE TABLE "catalog_import_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"mode" text DEFAULT 'create_update' NOT NULL,
	"create_missing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_import_profiles_name_not_blank" CHECK (length(trim("catalog_import_profiles"."name")) > 0),
	CONSTRAINT "catalog_import_profiles_mode_check" CHECK (mode in ('create_update', 'create_only', 'update_only'))
);
--> statement-breakpoint
CREATE TABLE "catalog_import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"action" text NOT NULL,
	"file_key" text,
	"product_id" uuid,
	"matched_by" text,
	"cells" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"problems" jsonb,
	"planned_version" timestamp with time zone,
	"applied" text,
	"apply_problem" text,
	"applied_version" timestamp with time zone,
	"undone" text,
	"undo_problem" text,
	CONSTRAINT "catalog_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number"),
	CONSTRAINT "catalog_import_rows_action_check" CHECK (action in ('create', 'update', 'unchanged', 'refused')),
	CONSTRAINT "catalog_import_rows_matched_by_check" CHECK ("catalog_import_rows"."matched_by" in ('sku', 'name')),
	CONSTRAINT "catalog_import_rows_applied_check" CHECK ("catalog_import_rows"."applied" in ('done', 'refused')),
	CONSTRAINT "catalog_import_rows_undone_check" CHECK ("catalog_import_rows"."undone" in ('done', 'conflict'))
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"file_bytes" integer NOT NULL,
	"pictures_name" text,
	"pictures_path" text,
	"pictures_bytes" integer,
	"sheet_name" text,
	"headers" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"mode" text DEFAULT 'create_update' NOT NULL,
	"create_missing" boolean DEFAULT false NOT NULL,
	"stop_at_first_problem" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'mapping' NOT NULL,
	"failure" text,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"to_create" integer DEFAULT 0 NOT NULL,
	"to_update" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"unknown_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown_brands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"refused_on_apply" integer DEFAULT 0 NOT NULL,
	"undone" integer DEFAULT 0 NOT NULL,
	"undo_conflicts" integer DEFAULT 0 NOT NULL,
	"created_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_brand_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_actor" jsonb,
	"queued_at" timestamp with time zone,
	"job_started_at" timestamp with time zone,
	"job_rows_at_start" integer DEFAULT 0 NOT NULL,
	"job_rows_done" integer DEFAULT 0 NOT NULL,
	"job_cursor" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by_id" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"planned_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_mode_check" CHECK (mode in ('create_update', 'create_only', 'update_only')),
	CONSTRAINT "catalog_imports_status_check" CHECK (status in ('mapping', 'planning', 'planned', 'applying', 'applied', 'stopped', 'failed', 'undoing', 'undone', 'discarded'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "image_assets" ADD COLUMN "fetched_from" text;--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD CONSTRAINT "catalog_import_rows_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_import_profiles_name_unique" ON "catalog_import_profiles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "catalog_imports_created_at_idx" ON "catalog_imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_imports_queue_idx" ON "catalog_imports" USING btree ("queued_at") WHERE status in ('planning', 'applying', 'undoing');--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'publish', 'unpublish', 'role', 'activate', 'deactivate', 'password_reset', 'export', 'download', 'retry', 'sign_in', 'sign_in_failed', 'sign_out', 'send', 'withdraw', 'import', 'undo'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('product', 'brand', 'category', 'case_study', 'certification', 'home_content', 'contact_content', 'contact_subject', 'enquiry', 'setting', 'user', 'session', 'mail', 'quote', 'building_info', 'catalog_import', 'catalog_import_profile'));