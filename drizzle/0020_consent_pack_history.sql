CREATE TABLE "consent_pack_history" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"packed_on" date NOT NULL,
	"certificates" jsonb NOT NULL,
	"lost" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_pack_history" ADD CONSTRAINT "consent_pack_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;