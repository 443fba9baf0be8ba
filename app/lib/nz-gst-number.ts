// A New Zealand GST number is the trader's IRD number: 8 or 9 digits, written 49-091-850 or
// 136-410-132, from 10-000-000 to 150-000-000, whose last digit is a check digit (Inland
// Revenue's mod-11 rule: weights 3, 2, 7, 6, 5, 4, 3, 2 over the first eight digits, the
// leading one padded with 0; a result of 10 is tried again with 7, 4, 3, 2, 5, 2, 7, 6, and a
// second 10 is no number at all).
//
//   checkGstNumber("49-091-850")   // { ok: true, value: "49-091-850" }
//   checkGstNumber("136410132")    // { ok: true, value: "136-410-132" }
//   checkGstNumber("abc")          // { ok: false, message: "A GST number has 8 or 9 digits…" }

const PRIMARY_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];
const SECONDARY_WEIGHTS = [7, 4, 3, 2, 5, 2, 7, 6];
const LOWEST = 10_000_000;
const HIGHEST = 150_000_000;

export const GST_NUMBER_MESSAGES = {
  shape: "A GST number has 8 or 9 digits, such as 49-091-850",
  range: "A GST number is between 10-000-000 and 150-000-000",
  checkDigit: "This GST number's digits do not add up: check it against the GST registration",
} as const;

/** The check digit of eight digits under one set of weights; 10 when these weights give none. */
function checkDigitOf(base: string, weights: readonly number[]) {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(base[i]) * (weights[i] ?? 0);
  const remainder = sum % 11;
  return remainder === 0 ? 0 : 11 - remainder;
}

/** The check digit eight digits call for, or null when none can be right. */
function expectedCheckDigit(base: string) {
  const primary = checkDigitOf(base, PRIMARY_WEIGHTS);
  if (primary !== 10) return primary;
  const secondary = checkDigitOf(base, SECONDARY_WEIGHTS);
  return secondary === 10 ? null : secondary;
}

/** "49-091-850", "136-410-132": the digits grouped in threes from the right. */
function grouped(digits: string) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, "-");
}

/** A GST number as typed (spaces and hyphens allowed), judged; when good, as it is written. */
export function checkGstNumber(typed: string): { ok: true; value: string } | { ok: false; message: string } {
  if (!/^[\d\s-]+$/.test(typed)) return { ok: false, message: GST_NUMBER_MESSAGES.shape };
  const digits = typed.replace(/[\s-]/g, "");
  if (digits.length < 8 || digits.length > 9) return { ok: false, message: GST_NUMBER_MESSAGES.shape };
  const number = Number(digits);
  if (number < LOWEST || number > HIGHEST) return { ok: false, message: GST_NUMBER_MESSAGES.range };
  const padded = digits.padStart(9, "0");
  if (expectedCheckDigit(padded.slice(0, 8)) !== Number(padded[8]))
    return { ok: false, message: GST_NUMBER_MESSAGES.checkDigit };
  return { ok: true, value: grouped(digits) };
}
