CREATE TABLE "image_assets" (
	"url" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slug_redirects" (
	"kind" text NOT NULL,
	"old_slug" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_redirects_kind_old_slug_pk" PRIMARY KEY("kind","old_slug"),
	CONSTRAINT "slug_redirects_kind_check" CHECK (kind in ('product', 'case_study'))
);
--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION slugify(p_source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT trim(both '-' from left(trim(both '-' from regexp_replace(translate(lower(coalesce(p_source, '')), 'āēīōūàáâãäåçèéêëìíîïñòóôõöùúûüýÿ', 'aeiouaaaaaaceeeeiiiinooooouuuuyy'), '[^a-z0-9]+', '-', 'g')), 80))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION unique_slug(p_kind text, p_source text, p_id uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := slugify(p_source);
  candidate text;
  n int := 1;
  taken boolean;
BEGIN
  IF base = '' THEN base := replace(p_kind, '_', '-'); END IF;
  candidate := base;
  LOOP
    IF p_kind = 'product' THEN
      SELECT EXISTS (SELECT 1 FROM products WHERE slug = candidate AND id IS DISTINCT FROM p_id) INTO taken;
    ELSE
      SELECT EXISTS (SELECT 1 FROM case_studies WHERE slug = candidate AND id IS DISTINCT FROM p_id) INTO taken;
    END IF;
    IF NOT taken THEN
      SELECT EXISTS (SELECT 1 FROM slug_redirects r WHERE r.kind = p_kind AND r.old_slug = candidate AND r.target_id IS DISTINCT FROM p_id) INTO taken;
    END IF;
    EXIT WHEN NOT taken;
    n := n + 1;
    -- A few numbered tries, then a piece of the id: a name shared by thousands stays cheap.
    IF n <= 5 THEN
      candidate := base || '-' || n;
    ELSE
      candidate := base || '-' || left(replace(coalesce(p_id, gen_random_uuid())::text, '-', ''), 4 + n);
    END IF;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fill_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := TG_ARGV[0];
  source text := to_jsonb(NEW) ->> TG_ARGV[1];
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    NEW.slug := unique_slug(k, source, NEW.id);
  ELSIF TG_OP = 'UPDATE' AND NEW.slug = OLD.slug AND (to_jsonb(OLD) ->> TG_ARGV[1]) IS DISTINCT FROM source THEN
    -- Renamed: a new address from the new name; the old one redirects.
    NEW.slug := unique_slug(k, source, NEW.id);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.slug <> '' AND NEW.slug <> OLD.slug THEN
    INSERT INTO slug_redirects (kind, old_slug, target_id) VALUES (k, OLD.slug, NEW.id)
      ON CONFLICT (kind, old_slug) DO UPDATE SET target_id = EXCLUDED.target_id, created_at = now();
    DELETE FROM slug_redirects WHERE kind = k AND old_slug = NEW.slug;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, name FROM products ORDER BY created_at, id LOOP
    UPDATE products SET slug = unique_slug('product', r.name, r.id) WHERE id = r.id;
  END LOOP;
  FOR r IN SELECT id, title FROM case_studies ORDER BY created_at, id LOOP
    UPDATE case_studies SET slug = unique_slug('case_study', r.title, r.id) WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX "slug_redirects_target_idx" ON "slug_redirects" USING btree ("kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_studies_slug_unique" ON "case_studies" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_slug_format" CHECK ("case_studies"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_slug_format" CHECK ("products"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
CREATE TRIGGER products_fill_slug BEFORE INSERT OR UPDATE OF name, slug ON products FOR EACH ROW EXECUTE FUNCTION fill_slug('product', 'name');--> statement-breakpoint
CREATE TRIGGER case_studies_fill_slug BEFORE INSERT OR UPDATE OF title, slug ON case_studies FOR EACH ROW EXECUTE FUNCTION fill_slug('case_study', 'title');
