// A customer's link to a sent quote. Its token is 32 random bytes (256 bits), shown once (in its
// e-mail) and stored only as its SHA-256 in quote_links, so the database alone cannot rebuild a
// customer's link. Each e-mail (the quote, its reminder) carries a link of its own.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { quoteLinks } from "~/server/db/schema";

/** A new token: 256 random bits, URL-safe. */
export function newQuoteToken() {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashQuoteToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as the link carries it: 43 URL-safe characters; anything else is no token at all. */
export function isWellFormedToken(token: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The quote a customer's link names, or null (an unknown, altered or malformed token). */
export async function findQuoteIdByToken(token: string) {
  if (!isWellFormedToken(token)) return null;
  const [row] = await getDb()
    .select({ id: quoteLinks.quoteId })
    .from(quoteLinks)
    .where(eq(quoteLinks.tokenHash, hashQuoteToken(token)));
  return row?.id ?? null;
}
