import fc from "fast-check";
import { expect, test } from "vitest";
import { allowsTypos, normaliseForSearch, searchTerms } from "./normalise";

/** The tokens as `text:kind`, space-separated: one readable line per case. */
function show(text: string): string {
  return normaliseForSearch(text)
    .map((token) => `${token.text}:${token.kind}`)
    .join(" ");
}

const cases: [input: string, tokens: string][] = [
  // What builders type
  ["90x45 h3.2", "90x45:dimension h3.2:grade"],
  ["90 x 45", "90x45:dimension"],
  ["90×45mm", "90x45:dimension"],
  ["4.8m", "4800mm:measure"],
  ["gib 10mm", "gib:word 10mm:measure"],
  ["ply 17", "ply:word 17:number"],
  ["msg8", "msg8:grade"],
  ["tek screws 14g", "tek:word screws:word 14g:measure"],
  ["TC-1042", "tc-1042:code"],
  ["plasterbord", "plasterbord:word"],
  // Dimensions
  ["90X45", "90x45:dimension"],
  ["90*45", "90x45:dimension"],
  ["90 by 45", "90x45:dimension"],
  ["90 x 45 mm", "90x45:dimension"],
  ["90mm x 45mm", "90x45:dimension"],
  ["90 × 45", "90x45:dimension"],
  ["1200x2400x10", "1200x2400x10:dimension"],
  ["1200 x 2400 x 10mm", "1200x2400x10:dimension"],
  ["2.4 x 1.2m", "2400x1200:dimension"],
  ["90 x 45 x 2.4m", "90x45x2400:dimension"],
  ["090x045", "90x45:dimension"],
  ["Radiata 90x45 H1.2 MSG8 framing", "radiata:word 90x45:dimension h1.2:grade msg8:grade framing:word"],
  ["90x45-H3.2", "90x45:dimension h3.2:grade"],
  ["90 x 45 mitre", "90x45:dimension mitre:word"],
  // Lengths and thicknesses
  ["4.8 m", "4800mm:measure"],
  ["4800mm", "4800mm:measure"],
  ["4800 mm", "4800mm:measure"],
  ["4.8 metres", "4800mm:measure"],
  ["480cm", "4800mm:measure"],
  ["4.80m", "4800mm:measure"],
  ["10mm", "10mm:measure"],
  ["10 mm", "10mm:measure"],
  ["GIB Standard 10mm 2400 x 1200", "gib:word standard:word 10mm:measure 2400x1200:dimension"],
  ["1,200mm", "1200mm:measure"],
  ["0.55mm", "0.55mm:measure"],
  ["Sold per 4.8 m length", "sold:word per:word 4800mm:measure length:word"],
  // Other quantities
  ["4L", "4000ml:measure"],
  ["4 litres", "4000ml:measure"],
  ["500ml", "500ml:measure"],
  ["10 m²", "10m2:measure"],
  ["2.5m3", "2.5m3:measure"],
  ["20kg bag", "20kg:measure bag:word"],
  // Gauges and screw sizes
  ["14 gauge", "14g:measure"],
  ["10g x 50mm", "10g:measure 50mm:measure"],
  ["10G X 50", "10g:measure 50mm:measure"],
  ["14 gauge x 65", "14g:measure 65mm:measure"],
  ["8g x 1.5m", "8g:measure 1500mm:measure"],
  ["Tek 12g x 65mm hex", "tek:word 12g:measure 65mm:measure hex:word"],
  // Grades and treatments
  ["H1.2", "h1.2:grade"],
  ["H3.2", "h3.2:grade"],
  ["H4", "h4:grade"],
  ["H5 pole", "h5:grade pole:word"],
  ["SG8", "sg8:grade"],
  ["G8", "g8:grade"],
  ["VSG10", "vsg10:grade"],
  ["CCA treated", "cca:grade treated:word"],
  ["H3.2-treated", "h3.2:grade treated:word"],
  // Folding
  ["Māori", "maori:word"],
  ["MĀORI", "maori:word"],
  ["Ōtautahi whānau", "otautahi:word whanau:word"],
  ["Pre-painted steel", "pre:word painted:word steel:word"],
  ["builder's", "builders:word"],
  [
    "Self-drilling (hex) screws, box of 100.",
    "self:word drilling:word hex:word screws:word box:word of:word 100:number",
  ],
  ["  GIB®   Aqualine™  ", "gib:word aqualine:word"],
  ["e.g. fibre/cement", "e:word g:word fibre:word cement:word"],
  // Numbers and codes, as written
  ["136/14", "136/14:number"],
  ["13/14", "13/14:number"],
  ["4.8", "4.8:number"],
  ["9415000012345", "9415000012345:number"],
  ["007", "007:number"],
  ["GIB10-2400", "gib10-2400:code"],
  ["H32-9045-48", "h32-9045-48:code"],
  ["TEK14-50", "tek14-50:code"],
  ["tc-1042", "tc-1042:code"],
  ["M10 bolt", "m10:code bolt:word"],
  ["10mm-x-45mm", "10x45:dimension"],
  ["90x45-10g x 50mm", "90x45:dimension 10g:measure 50mm:measure"],
  ["", ""],
  ["— / . -", ""],
];

test.each(cases)("%j gives %s", (input, tokens) => {
  expect(show(input)).toBe(tokens);
});

test("the table covers every form", () => {
  expect(cases.length).toBeGreaterThanOrEqual(40);
});

test("the forms of one thing give one token", () => {
  const sameThings = [
    ["90x45", "90 x 45", "90X45", "90×45", "90*45", "90 by 45", "90x45mm", "90 x 45 mm", "90mm x 45mm"],
    ["4.8m", "4.8 m", "4800mm", "4800 mm", "4.8 metres", "480cm", "4.8lm"],
    ["10mm", "10 mm", "1cm", "10 millimetres"],
    ["H3.2", "h3.2", "H3.2."],
    ["Māori", "Maori", "MAORI", "maori"],
  ];
  for (const forms of sameThings) {
    const expected = searchTerms(forms[0]!);
    expect(expected).toHaveLength(1);
    for (const form of forms) expect(searchTerms(form), form).toEqual(expected);
  }
});

test("only words allow typos: numbers, dimensions, measures, grades and codes match exactly", () => {
  const byKind = Object.fromEntries(
    normaliseForSearch("plasterboard 136/14 90x45 10mm h3.2 tc-1042").map((token) => [
      token.kind,
      allowsTypos(token),
    ]),
  );
  expect(byKind).toEqual({
    word: true,
    number: false,
    dimension: false,
    measure: false,
    grade: false,
    code: false,
  });
});

// Pieces of product names: each is whole on its own, so any sequence of them separated by spaces
// tokenises piece by piece.
const namePiece = fc.constantFrom(
  "90x45",
  "90 x 45",
  "140 × 45mm",
  "1200 x 2400 x 10mm",
  "H3.2",
  "H1.2",
  "MSG8",
  "SG8",
  "CCA",
  "4.8m",
  "6.0 m",
  "10mm",
  "17 mm",
  "4L",
  "Tek",
  "screws",
  "10g x 50mm",
  "14g",
  "GIB",
  "Aqualine",
  "Plasterboard",
  "Plywood",
  "Māori",
  "Pre-painted",
  "Colorsteel",
  "Radiata",
  "pine",
  "TC-1042",
  "GIB10-2400",
  "136/14",
  "17",
  "Whānau",
);
const productName = fc.array(namePiece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(" "));

// Words around a name in a description: not units, not `x` or `by`, nothing that joins a number.
const contextWord = fc.constantFrom(
  "Great",
  "for",
  "framing",
  "and",
  "decks.",
  "Sold",
  "each,",
  "(see",
  "below)",
  "NZ-made",
  "kiln-dried",
  "—",
  "Ōtepoti",
);
const context = fc.array(contextWord, { maxLength: 5 }).map((words) => words.join(" "));

test("property: normalising the tokens again changes nothing", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), productName), (text) => {
      const terms = searchTerms(text);
      expect(searchTerms(terms.join(" "))).toEqual(terms);
      expect(normaliseForSearch(terms.join(" "))).toEqual(normaliseForSearch(text));
    }),
    { numRuns: 2000 },
  );
});

test("property: normalising twice changes nothing on text built from trade forms and stray punctuation", () => {
  const fragment = fc.oneof(
    namePiece,
    contextWord,
    fc.constantFrom("x", "by", "m", "mm", ".", "-", "/", "*", ",", "2", "4.8", "0", "1,200", "g", "l"),
  );
  const glue = fc.constantFrom(" ", "", "-", ".", "/", " x ", "  ");
  fc.assert(
    fc.property(fc.array(fc.tuple(fragment, glue), { maxLength: 8 }), (pairs) => {
      const text = pairs.map(([piece, joint]) => piece + joint).join("");
      const terms = searchTerms(text);
      expect(searchTerms(terms.join(" ")), text).toEqual(terms);
    }),
    { numRuns: 3000 },
  );
});

test("property: a product's own name's tokens are found in a longer text that contains it", () => {
  fc.assert(
    fc.property(context, productName, context, (before, name, after) => {
      const inText = searchTerms(`${before} ${name} ${after}`);
      for (const term of searchTerms(name)) expect(inText).toContain(term);
    }),
  );
});

test("property: a name's tokens do not depend on the order of its pieces", () => {
  const pieces = fc.array(namePiece, { minLength: 1, maxLength: 6 });
  const reordered = pieces.chain((list) =>
    fc.tuple(
      fc.constant(list),
      fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
    ),
  );
  fc.assert(
    fc.property(reordered, ([inOrder, shuffled]) => {
      expect(searchTerms(shuffled.join(" ")).sort()).toEqual(searchTerms(inOrder.join(" ")).sort());
    }),
  );
});

test("property: case and macrons do not change the tokens", () => {
  const macrons: Record<string, string> = { a: "ā", e: "ē", i: "ī", o: "ō", u: "ū" };
  fc.assert(
    fc.property(productName, fc.boolean(), (name, upper) => {
      const cased = upper ? name.toUpperCase() : name.toLowerCase();
      const withMacrons = name.replace(/[aeiou]/g, (vowel) => macrons[vowel]!);
      expect(searchTerms(cased)).toEqual(searchTerms(name));
      expect(searchTerms(withMacrons)).toEqual(searchTerms(name));
    }),
  );
});

test("property: a stock code is one token, kept as written in lower case", () => {
  const code = fc.oneof(
    fc.stringMatching(/^[A-Z]{2,4}[0-9]{1,5}(-[0-9]{1,5}){0,2}$/),
    fc.stringMatching(/^[A-Z]{2,4}-[0-9]{2,6}$/),
  );
  fc.assert(
    fc.property(code, (written) => {
      const tokens = normaliseForSearch(written);
      expect(tokens.map((token) => token.text)).toContain(written.toLowerCase());
    }),
  );
});
