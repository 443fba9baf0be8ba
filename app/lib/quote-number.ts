// A quote's number is its enquiry's reference plus the revision's letter: TC-2026-000123-A for
// the first, -B for the next, … -Z, then -AA, -AB (as spreadsheet columns are lettered).

/** 1 is "A", 26 is "Z", 27 is "AA". */
export function revisionLetter(revision: number): string {
  if (!Number.isSafeInteger(revision) || revision < 1) throw new RangeError(`Not a revision: ${revision}`);
  let letters = "";
  for (let rest = revision; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

export function quoteNumber(enquiryReference: string, revision: number): string {
  return `${enquiryReference}-${revisionLetter(revision)}`;
}
