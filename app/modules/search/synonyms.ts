/**
 * The synonyms a search applies, as a lookup from a term's tokens (joined by a space) to the token
 * runs that may stand for it: every other term of a two-way entry, the targets of a one-way
 * entry's source. Applied to the query only, so a changed list needs no reindex. The list staff
 * save in Settings → Search replaces the standard one (synonyms.server.ts reads it).
 */
import { searchTerms } from "./normalise";
import { type TradeSynonym, tradeSynonyms } from "./trade-synonyms";

export type SynonymLookup = ReadonlyMap<string, readonly (readonly string[])[]>;

function add(lookup: Map<string, string[][]>, from: string[], to: string[]) {
  const key = from.join(" ");
  if (from.length === 0 || to.length === 0 || key === to.join(" ")) return;
  const list = lookup.get(key) ?? [];
  if (!list.some((existing) => existing.join(" ") === to.join(" "))) list.push(to);
  lookup.set(key, list);
}

/** The lookup for a list of synonyms. */
export function synonymLookup(entries: readonly TradeSynonym[]): SynonymLookup {
  const lookup = new Map<string, string[][]>();
  for (const entry of entries) {
    if (entry.kind === "two-way") {
      const terms = entry.terms.map(searchTerms);
      for (const from of terms) for (const to of terms) if (from !== to) add(lookup, from, to);
    } else {
      const from = searchTerms(entry.from);
      for (const to of entry.to) add(lookup, from, searchTerms(to));
    }
  }
  return lookup;
}

let seeded: SynonymLookup | undefined;

/** The standard trade list's lookup. */
export function synonymsOf(): SynonymLookup {
  seeded ??= synonymLookup(tradeSynonyms);
  return seeded;
}
