/**
 * A product's search index entry: its tokens (normalise.ts) as tsvector text, each token with its
 * positions and its field's weight letter, taken verbatim by PostgreSQL (`'90x45':1A 'h3.2':2A`),
 * and the words a misspelt query may be corrected to. Pure (no database).
 *
 * A three-part dimension also gives its last part as a measure (alsoIndexed).
 *
 * Fields and letters: name A, stock code B, category and brand names C, short description and
 * description D. Fields are apart by a gap of positions, so a phrase never spans two of them.
 */

import { normaliseForSearch, type SearchToken } from "./normalise";
import type { FieldLetter } from "./plan";

export type SearchDocument = {
  name: string;
  sku: string | null;
  categoryName: string | null;
  brandName: string | null;
  shortDescription: string | null;
  description: string | null;
};

/** PostgreSQL's largest tsvector position, and the positions one lexeme keeps. */
const MAX_POSITION = 16_383;
const POSITIONS_PER_LEXEME = 64;
const FIELD_GAP = 8;
/** Words shorter than this are never a typo candidate (typos are tolerated from 5 letters). */
const MIN_VOCABULARY_LENGTH = 4;

function quoted(lexeme: string) {
  return `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/**
 * A three-part dimension's last part is a thickness or a length of its own (`2400x1200x17mm` is
 * a 17 mm sheet, `90x45x2400` a 2.4 m length): it is indexed as that measure too, at the same
 * position, so `ply 17mm` finds the sheet.
 */
function alsoIndexed(token: SearchToken): string[] {
  if (token.kind !== "dimension") return [];
  const parts = token.text.split("x");
  return parts.length === 3 ? [`${parts[2]}mm`] : [];
}

/** The tsvector text of a product, and its words. */
export function searchDocument(doc: SearchDocument): { terms: string; words: string[] } {
  const fields: [FieldLetter, (string | null)[]][] = [
    ["A", [doc.name]],
    ["B", [doc.sku]],
    ["C", [doc.categoryName, doc.brandName]],
    ["D", [doc.shortDescription, doc.description]],
  ];
  const positions = new Map<string, string[]>();
  const words = new Set<string>();
  let position = 1;
  for (const [letter, texts] of fields) {
    for (const text of texts) {
      for (const token of normaliseForSearch(text ?? "")) {
        for (const lexeme of [token.text, ...alsoIndexed(token)]) {
          const list = positions.get(lexeme) ?? [];
          if (list.length < POSITIONS_PER_LEXEME) list.push(`${Math.min(position, MAX_POSITION)}${letter}`);
          positions.set(lexeme, list);
        }
        if (token.kind === "word" && [...token.text].length >= MIN_VOCABULARY_LENGTH) words.add(token.text);
        position += 1;
      }
      position += FIELD_GAP;
    }
  }
  const terms = [...positions].map(([lexeme, at]) => `${quoted(lexeme)}:${at.join(",")}`).join(" ");
  return { terms, words: [...words] };
}
