import { getDatabase } from "~/server/db/db.server";
import { imageBackfillState } from "~/server/images/backfill.server";

// 200 after a database round trip; 503 within 2 seconds when the database does not answer.
// `images` tells whether stored images without variants are still being processed after start.
export async function loader() {
  const ok = await getDatabase().ping(1500);
  return Response.json(
    { status: ok ? "ok" : "unavailable", database: ok ? "up" : "down", images: imageBackfillState() },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
