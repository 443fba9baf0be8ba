ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('staff_notification', 'customer_acknowledgement', 'account_confirmation'));--> statement-breakpoint
-- Accounts that existed before sign-up asked for a confirmed e-mail address could sign in; they keep that.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
