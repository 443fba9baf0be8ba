// The text a search is logged under: its search tokens joined by spaces, so the ways of writing
// one search are one row (`90 X 45mm` and `90x45` are `90x45`). Pure: the results page builds its
// product links with it, the server counts with it.
import { SEARCHED_PARAM } from "~/lib/search-link";
import { searchTerms } from "./normalise";

/** The longest logged query (the catalogue's search box takes 100 characters). */
export const LOGGED_QUERY_MAX = 200;

/**
 * The query as it is logged, or null when it is not logged: blank, or holding an `@` (an e-mail
 * address typed into the search box is someone's personal data, not a product).
 */
export function loggedQuery(q: string | null | undefined): string | null {
  if (!q || q.includes("@")) return null;
  const text = searchTerms(q).join(" ").slice(0, LOGGED_QUERY_MAX).trim();
  return text === "" ? null : text;
}

/** A product's address from the results of a search: the search rides along to be counted. */
export function productHrefFromSearch(slug: string, q: string | undefined) {
  const logged = loggedQuery(q);
  const base = `/catalog/${slug}`;
  return logged ? `${base}?${new URLSearchParams({ [SEARCHED_PARAM]: logged })}` : base;
}
