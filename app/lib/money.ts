// Money for quotes, in whole cents and never in floating point. A price is read from its text
// ("19.99") straight into cents; a quantity is kept in thousandths (2.5 m³ is 2500) and a
// discount or a tax rate in hundredths of a percent (12.5 % is 1250), so every figure is an
// integer and every product is exact in BigInt before it is rounded.
//
// Rounding follows NZ invoices: each line is rounded to the cent (half a cent away from zero),
// the subtotal is the sum of the rounded lines, and GST is computed once, on that subtotal, and
// rounded the same way. So the total is always subtotal + GST, and the lines always add up.
//
//   lineTotalCents({ quantityMilli: 3000, unitPriceCents: 1999, discountBasisPoints: 0 }) // 5997
//   quoteTotals([5997, 12050], 1500) // { subtotalCents: 18047, gstCents: 2707, totalCents: 20754 }

/** Thousandths in one unit of quantity. */
export const QUANTITY_SCALE = 1000;
/** Hundredths of a percent in 100 %. */
export const BASIS_POINTS = 10_000;
/** New Zealand's GST rate, 15 %, in hundredths of a percent. */
export const DEFAULT_GST_BASIS_POINTS = 1500;
/**
 * The largest amount a quote carries, NZ$10 billion: a unit price, a line's total and the
 * subtotal are each at most this. With GST (a rate of at most 100 %) the total stays below
 * NZ$20 billion, 2 × 10^12 cents: far inside Number's exact integers (2^53, about 9 × 10^15)
 * and a bigint column.
 */
export const MAX_CENTS = 1_000_000_000_000;

/** Said when a line or a quote comes to more than MAX_CENTS. */
export const AMOUNT_LIMIT_MESSAGES = {
  line: "This line comes to more than $10,000,000,000.00: lower its quantity or price",
  quote: "The quote's subtotal must be at most $10,000,000,000.00",
} as const;

/**
 * A BigInt amount as a Number, which is exact only up to 2^53: past that, an error rather than
 * a figure a cent or two off. Amounts within MAX_CENTS never come near it.
 */
function exactNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`${value} is past the amounts a quote may carry`);
  return Number(value);
}

/** a / b rounded to the nearest integer, halves away from zero (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (magnitude * 2n + b) / (b * 2n);
  return negative ? -quotient : quotient;
}

/**
 * A decimal written with at most `places` decimals (and optional thousands commas or a leading
 * "$") as an integer of 10^places units: ("19.99", 2) is 1999, ("2.5", 3) is 2500. Null for
 * anything else: more decimals, letters, exponents, or more than MAX_CENTS units.
 */
export function parseScaled(text: string, places: number): number | null {
  const match = /^\s*\$?\s*(-)?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return null;
  const [, minus, whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  if (fraction.length > places) return null;
  const digits = `${whole.replaceAll(",", "")}${fraction.padEnd(places, "0")}`;
  const value = Number(BigInt(digits || "0"));
  if (value > MAX_CENTS) return null;
  return minus && value !== 0 ? -value : value;
}

/** "19.99" to 1999 cents; null when it is not an amount of dollars and cents. */
export function parseCents(text: string): number | null {
  return parseScaled(text, 2);
}

/** A price stored as NUMERIC(12,2) and read as a JS number (e.g. a product's price), in cents. */
export function centsFromStoredPrice(price: number): number {
  // The stored value has two decimals at most; its shortest decimal text is exact.
  const cents = parseCents(price.toFixed(2));
  if (cents === null) throw new RangeError(`Not a price: ${price}`);
  return cents;
}

type LineAmounts = {
  /** Quantity in thousandths of a unit, > 0. */
  quantityMilli: number;
  /** Unit price excluding GST, in cents, ≥ 0. */
  unitPriceCents: number;
  /** Discount in hundredths of a percent, 0 to 10,000. */
  discountBasisPoints: number;
};

function exactLineTotal(line: LineAmounts): bigint {
  const exact =
    BigInt(line.quantityMilli) *
    BigInt(line.unitPriceCents) *
    BigInt(BASIS_POINTS - line.discountBasisPoints);
  return divideRounded(exact, BigInt(QUANTITY_SCALE * BASIS_POINTS));
}

/** Whether a line's total, worked out exactly however large, is within MAX_CENTS. */
export function isLineWithinLimit(line: LineAmounts): boolean {
  return exactLineTotal(line) <= BigInt(MAX_CENTS);
}

/**
 * A line's total excluding GST, in cents: quantity × unit price less the discount, rounded once.
 * A RangeError past Number's exact integers (check isLineWithinLimit first).
 */
export function lineTotalCents(line: LineAmounts): number {
  return exactNumber(exactLineTotal(line));
}

export type QuoteTotals = { subtotalCents: number; gstCents: number; totalCents: number };

/** The quote's subtotal (the rounded lines added), its GST (computed once) and its total. */
export function quoteTotals(lineTotals: readonly number[], gstBasisPoints: number): QuoteTotals {
  const subtotal = lineTotals.reduce((sum, cents) => sum + BigInt(cents), 0n);
  const gst = divideRounded(subtotal * BigInt(gstBasisPoints), BigInt(BASIS_POINTS));
  return {
    subtotalCents: exactNumber(subtotal),
    gstCents: exactNumber(gst),
    totalCents: exactNumber(subtotal + gst),
  };
}

const nzd = new Intl.NumberFormat("en-NZ", { style: "currency", currency: "NZD" });

/** 123456 cents as "$1,234.56" (formatted from the exact decimal text, not a float). */
export function formatCents(cents: number): string {
  // Intl formats a decimal string exactly (it does not pass through a binary float).
  const formatted = nzd.format(centsToText(Math.abs(cents)) as Intl.StringNumericLiteral);
  return cents < 0 ? `-${formatted}` : formatted;
}

/** Cents as the text a price field holds: 1999 is "19.99", 500 is "5.00". */
export function centsToText(cents: number): string {
  const magnitude = Math.abs(cents);
  const text = `${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
  return cents < 0 ? `-${text}` : text;
}

/** A quantity in thousandths as text: 2500 is "2.5", 3000 is "3". */
export function formatQuantity(quantityMilli: number): string {
  const whole = Math.trunc(quantityMilli / QUANTITY_SCALE);
  const fraction = String(quantityMilli % QUANTITY_SCALE)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A rate or discount in hundredths of a percent as text: 1500 is "15", 1250 is "12.5". */
export function formatPercent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
