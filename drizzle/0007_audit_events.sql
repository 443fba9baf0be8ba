CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" text NOT NULL,
	"changes" jsonb,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'publish', 'unpublish', 'role', 'activate', 'deactivate', 'password_reset', 'export', 'download', 'retry', 'sign_in', 'sign_in_failed', 'sign_out')),
	CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('product', 'brand', 'category', 'case_study', 'certification', 'home_content', 'contact_content', 'contact_subject', 'enquiry', 'setting', 'user', 'session', 'mail'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" USING btree ("occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
-- The audit log is append-only. Only the retention sweep may drop old rows or blank old
-- addresses, and it says so for its own transaction: SET LOCAL trade_counter.audit_retention = 'on'.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('trade_counter.audit_retention', true), '') = 'on' THEN
    RETURN COALESCE(NEW, OLD);
  END IF;
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
