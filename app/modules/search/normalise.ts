/**
 * Search tokens from text, the same for a product's words and for what someone types.
 *
 * The rules, in the order they apply:
 * - Letters fold: compatibility forms are decomposed (`²` → `2`, `ﬁ` → `fi`), case is lowered and
 *   accents and macrons are dropped (`Māori` → `maori`). `×`, `✕` and `*` are read as `x`.
 *   Apostrophes vanish (`builder's` → `builders`); a comma between thousands vanishes (`1,200`).
 * - Punctuation separates words. `.`, `-`, `/` and `_` only hold a token together when they sit
 *   between two letters or digits (`H3.2`, `TC-1042`, `136/14`); anywhere else they separate.
 * - Without a digit, a token joined by `.`, `-`, `/` or `_` is split into its words
 *   (`pre-painted` → `pre`, `painted`). With a digit it is split at `-` and `/` only when every
 *   piece is a word, grade, dimension or measure (`90x45-H3.2`, `H3.2-treated`, `GIB-10mm`).
 * - A screw or nail size, a gauge then a length (`10g x 50mm`, `14 gauge x 65`), is two tokens: the
 *   gauge (`10g`) and the length in millimetres (`50mm`).
 * - A dimension, two or three numbers joined by `x` or `by` with spaces or without and with an
 *   optional unit on any part (`90 x 45`, `90X45mm`, `90mm by 45mm`, `1200x2400x10`), is one token
 *   of millimetres without the unit: `90x45`, `1200x2400x10`. A part with no unit of its own is in
 *   millimetres, except that a part written as a decimal or under 10 takes a trailing `m` or `cm`
 *   (`2.4 x 1.2m` → `2400x1200`, while `90 x 45 x 2.4m` → `90x45x2400`).
 * - A measure, a number and its unit with a space or without, is one token in one unit per
 *   quantity, so equal amounts match whatever unit they were written in: lengths in millimetres
 *   (`4.8m`, `4.8 metres`, `480cm` and `4800mm` are all `4800mm`; `10 mm` is `10mm`), volumes of
 *   liquid in millilitres (`4L` → `4000ml`), areas in `m2`, volumes in `m3`, masses in `kg`, gauges
 *   in `g` (`14g`, `14 gauge`: in this trade a `g` after a number is a gauge, not grams).
 * - Screw sizes, dimensions and measures are joined again until nothing changes, since one join
 *   can bring a number next to the unit or `x` that belongs with it.
 * - Timber grades and treatments stay whole and are their own kind: `h1.2` … `h6`, `msg8`, `vsg10`,
 *   `sg8`, `g8`, `mgp10`, `cca`, `acq`, `losp`.
 * - Whatever else holds a digit is kept as written (folded case): a plain number (`17`, `4.8`,
 *   `136/14`) or a code (`tc-1042`, `gib10-2400`, `h32-9045-48`, `m10`).
 *
 * Every token has a kind. Typo tolerance is for words only: a number, dimension, measure, grade or
 * code matches exactly, because "136/14" must never find "13/14".
 *
 * Normalising the tokens' own text again gives the same tokens.
 */

export type SearchTokenKind = "word" | "number" | "dimension" | "measure" | "grade" | "code";

export type SearchToken = { text: string; kind: SearchTokenKind };

/** The tokens of a text, in the order they appear. */
export function normaliseForSearch(text: string): SearchToken[] {
  return joinAll(splitChains(separateWords(foldText(text))))
    .split(" ")
    .filter((chain) => chain !== "")
    .map(classifyToken);
}

/**
 * Screw sizes, then dimensions, then measures, again until nothing changes: a join can bring a
 * number next to a unit or an `x` that belongs with it (`0 x 17 mm mm`), and the tokens must
 * read back as themselves.
 */
function joinAll(text: string): string {
  let joined = text;
  for (let round = 0; round < 8; round += 1) {
    const next = joinMeasures(joinDimensions(joinScrewSizes(joined)));
    if (next === joined) break;
    joined = next;
  }
  return joined;
}

/** Only the tokens' texts, for indexing and for comparing. */
export function searchTerms(text: string): string[] {
  return normaliseForSearch(text).map((token) => token.text);
}

/** Whether a misspelt form of this token may still match it. */
export function allowsTypos(token: SearchToken): boolean {
  return token.kind === "word";
}

/** Case, accents, macrons and compatibility forms fold; multiplication signs become `x`. */
function foldText(text: string): string {
  return text
    .replace(/[™®©℠]/g, " ")
    .normalize("NFKD")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[×✕✖⨯*]/g, " x ")
    .replace(/['’‘`]/g, "")
    .replace(/(?<=[0-9]),(?=[0-9]{3}(?![0-9]))/g, "");
}

const JOINERS = ".\\-/_";

/**
 * Everything but letters, digits and the joiners becomes a space; a joiner survives only between
 * two letters or digits, and a run of joiners is a space.
 */
function separateWords(folded: string): string {
  return folded
    .replace(new RegExp(`[^\\p{L}0-9${JOINERS}]+`, "gu"), " ")
    .replace(new RegExp(`[${JOINERS}]{2,}`, "g"), " ")
    .replace(new RegExp(`(?<![\\p{L}0-9])[${JOINERS}]|[${JOINERS}](?![\\p{L}0-9])`, "gu"), " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

// A number as the patterns read it: up to seven whole digits and four decimals, so that converted
// amounts never reach exponent notation.
const NUMBER = "[0-9]{1,7}(?:\\.[0-9]{1,4})?";
// Not inside a longer token: nothing that holds a token together may touch a match's ends.
const START = `(?<![\\p{L}0-9${JOINERS}])`;
const END = `(?![\\p{L}0-9${JOINERS}])`;

const LENGTH_UNITS: Record<string, number> = {
  mm: 1,
  millimetre: 1,
  millimetres: 1,
  millimeter: 1,
  millimeters: 1,
  cm: 10,
  m: 1000,
  lm: 1000,
  metre: 1000,
  metres: 1000,
  meter: 1000,
  meters: 1000,
};

type OtherUnit = { canonical: string; factor: number };

const OTHER_UNITS: Record<string, OtherUnit> = {
  ml: { canonical: "ml", factor: 1 },
  l: { canonical: "ml", factor: 1000 },
  lt: { canonical: "ml", factor: 1000 },
  ltr: { canonical: "ml", factor: 1000 },
  litre: { canonical: "ml", factor: 1000 },
  litres: { canonical: "ml", factor: 1000 },
  liter: { canonical: "ml", factor: 1000 },
  liters: { canonical: "ml", factor: 1000 },
  m2: { canonical: "m2", factor: 1 },
  sqm: { canonical: "m2", factor: 1 },
  m3: { canonical: "m3", factor: 1 },
  kg: { canonical: "kg", factor: 1 },
  kgs: { canonical: "kg", factor: 1 },
  g: { canonical: "g", factor: 1 },
  ga: { canonical: "g", factor: 1 },
  gauge: { canonical: "g", factor: 1 },
};

/** Longest first, so `mm` is tried before `m` and `m2` before `m`. */
function unitPattern(units: string[]): string {
  return [...units].sort((a, b) => b.length - a.length).join("|");
}

const LENGTH_UNIT = unitPattern(Object.keys(LENGTH_UNITS));
const ANY_UNIT = unitPattern([...Object.keys(LENGTH_UNITS), ...Object.keys(OTHER_UNITS)]);

/** A number in its shortest form: `090` → `90`, `4.80` → `4.8`, rounded to thousandths. */
function formatAmount(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

const SCREW_SIZE = new RegExp(
  `${START}([0-9]{1,2})\\s*(?:g|ga|gauge)\\s*x\\s*(${NUMBER})\\s*(${LENGTH_UNIT})?${END}`,
  "gu",
);

/** `10g x 50mm` → `10g 50mm`: a gauge, and a length in millimetres (millimetres when unstated). */
function joinScrewSizes(text: string): string {
  return text.replace(SCREW_SIZE, (_match, gauge: string, length: string, unit?: string) => {
    const millimetres = Number(length) * LENGTH_UNITS[unit ?? "mm"]!;
    return `${Number(gauge)}g ${formatAmount(millimetres)}mm`;
  });
}

const PART = `(${NUMBER})\\s*(${LENGTH_UNIT})?`;
const BY = "\\s*(?:x|by)\\s*";
const DIMENSION = new RegExp(`${START}${PART}${BY}${PART}(?:${BY}${PART})?${END}`, "gu");

/** `90 x 45mm`, `90X45`, `90 by 45` → `90x45`; three parts likewise. */
function joinDimensions(text: string): string {
  return text.replace(DIMENSION, (_match, ...groups: (string | undefined)[]) => {
    const parts: { amount: string; unit?: string }[] = [];
    for (let i = 0; i < 6; i += 2) {
      const amount = groups[i];
      if (amount !== undefined) parts.push({ amount, unit: groups[i + 1] });
    }
    const trailingUnit = parts[parts.length - 1]!.unit;
    return parts.map((part) => formatAmount(dimensionMillimetres(part, trailingUnit))).join("x");
  });
}

function dimensionMillimetres(part: { amount: string; unit?: string }, trailingUnit?: string): number {
  const value = Number(part.amount);
  if (part.unit) return value * LENGTH_UNITS[part.unit]!;
  const looksLikeMetres = part.amount.includes(".") || value < 10;
  if (trailingUnit && looksLikeMetres) return value * LENGTH_UNITS[trailingUnit]!;
  return value;
}

const MEASURE = new RegExp(`${START}(${NUMBER})\\s*(${ANY_UNIT})${END}`, "gu");

/** `4.8 m` → `4800mm`, `10 mm` → `10mm`, `4L` → `4000ml`, `14 gauge` → `14g`. */
function joinMeasures(text: string): string {
  return text.replace(MEASURE, (_match, amount: string, unit: string) => {
    const lengthFactor = LENGTH_UNITS[unit];
    if (lengthFactor !== undefined) return `${formatAmount(Number(amount) * lengthFactor)}mm`;
    const other = OTHER_UNITS[unit]!;
    return `${formatAmount(Number(amount) * other.factor)}${other.canonical}`;
  });
}

const HAS_DIGIT = /[0-9]/;

const SPLITTABLE_KINDS: ReadonlySet<SearchTokenKind> = new Set(["word", "grade", "dimension", "measure"]);

/**
 * Chains come apart before anything is joined, so the joins see the words as they will be seen
 * again. A chain without a digit is words joined by punctuation. A chain with a digit stays whole
 * (a code or a number), unless its `-` or `/` join only words, grades, dimensions and measures
 * (`90x45-h3.2`, `h3.2-treated`, `gib-10mm`).
 */
function splitChains(separated: string): string {
  return separated.split(" ").flatMap(splitChain).join(" ");
}

function splitChain(chain: string): string[] {
  if (!HAS_DIGIT.test(chain)) return splitWords(chain);
  const parts = chain.split(/[-/]/);
  if (parts.length === 1) return [chain];
  const pieces = parts.flatMap((part) => (HAS_DIGIT.test(part) ? [part] : splitWords(part)));
  const apart = pieces.every((piece) =>
    normaliseForSearch(piece).every((token) => SPLITTABLE_KINDS.has(token.kind)),
  );
  return apart ? pieces : [chain];
}

function splitWords(chain: string): string[] {
  return chain.split(new RegExp(`[${JOINERS}]`)).filter((word) => word !== "");
}

const DIMENSION_TOKEN = /^[0-9]+(?:\.[0-9]+)?(?:x[0-9]+(?:\.[0-9]+)?){1,2}$/;
const MEASURE_TOKEN = /^[0-9]+(?:\.[0-9]+)?(?:mm|ml|m2|m3|kg|g)$/;
const GRADE_TOKEN =
  /^(?:h[1-6](?:\.[1-3])?|v?msg[0-9]{1,2}|v?sg[0-9]{1,2}|g[0-9]{1,2}|mgp[0-9]{1,2}|cca|acq|losp)$/;
const NUMBER_TOKEN = new RegExp(`^[0-9${JOINERS}]+$`);

function classifyToken(text: string): SearchToken {
  return { text, kind: kindOf(text) };
}

function kindOf(text: string): SearchTokenKind {
  if (DIMENSION_TOKEN.test(text)) return "dimension";
  if (MEASURE_TOKEN.test(text)) return "measure";
  if (GRADE_TOKEN.test(text)) return "grade";
  if (!HAS_DIGIT.test(text)) return "word";
  if (NUMBER_TOKEN.test(text)) return "number";
  return "code";
}
