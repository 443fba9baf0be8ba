-- Extensions and helper functions the tables rely on (PGlite ships pg_trgm and plpgsql too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- A review's content is JSON text. Text that is not a JSON object is allowed (the site shows it
-- as an anonymous review), but a rating, when given, must be a number from 1 to 5.
CREATE OR REPLACE FUNCTION home_content_review_rating_ok(content text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  parsed jsonb;
BEGIN
  IF content IS NULL THEN
    RETURN true;
  END IF;
  BEGIN
    parsed := content::jsonb;
  EXCEPTION WHEN others THEN
    RETURN true;
  END;
  IF jsonb_typeof(parsed) <> 'object' OR NOT (parsed ? 'rating') OR jsonb_typeof(parsed -> 'rating') = 'null' THEN
    RETURN true;
  END IF;
  IF jsonb_typeof(parsed -> 'rating') <> 'number' THEN
    RETURN false;
  END IF;
  RETURN (parsed ->> 'rating')::numeric BETWEEN 1 AND 5;
END;
$$;
