import { getDatabase } from "~/server/db/db.server";

// 200 after a database round trip; 503 within 2 seconds when the database does not answer.
export async function loader() {
  const ok = await getDatabase().ping(1500);
  return Response.json(
    { status: ok ? "ok" : "unavailable", database: ok ? "up" : "down" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
