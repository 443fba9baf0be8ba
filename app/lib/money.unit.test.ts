import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASIS_POINTS,
  centsFromStoredPrice,
  DEFAULT_GST_BASIS_POINTS,
  formatCents,
  formatPercent,
  formatQuantity,
  isLineWithinLimit,
  lineTotalCents,
  MAX_CENTS,
  parseCents,
  parseScaled,
  quoteTotals,
} from "./money";

const line = fc.record({
  quantityMilli: fc.integer({ min: 1, max: 10_000_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 100_000_000 }),
  discountBasisPoints: fc.integer({ min: 0, max: BASIS_POINTS }),
});

describe("quote money", () => {
  it("reads prices as exact cents", () => {
    expect(parseCents("19.99")).toBe(1999);
    expect(parseCents("$1,234.5")).toBe(123450);
    expect(parseCents("0.1")).toBe(10);
    expect(parseCents(".05")).toBe(5);
    expect(parseCents("7")).toBe(700);
    for (const bad of ["", ".", "1.999", "1e3", "12,34.00", "abc", "1.2.3", "NaN", "Infinity"]) {
      expect(parseCents(bad), bad).toBeNull();
    }
    expect(parseScaled("2.5", 3)).toBe(2500);
    expect(centsFromStoredPrice(19.99)).toBe(1999);
    expect(centsFromStoredPrice(0.3)).toBe(30);
  });

  it("multiplies a decimal-looking price exactly: 19.99 × 3 is 59.97", () => {
    const cents = lineTotalCents({ quantityMilli: 3000, unitPriceCents: 1999, discountBasisPoints: 0 });
    expect(cents).toBe(5997);
    expect(formatCents(cents)).toBe("$59.97");
    // 0.1 + 0.2 style sums stay exact too.
    expect(quoteTotals([10, 20], 0).totalCents).toBe(30);
  });

  it("rounds each line to the cent, halves away from zero", () => {
    // 3 × $0.125 would be 37.5 cents: a price has whole cents, so make the half from a discount.
    expect(lineTotalCents({ quantityMilli: 1000, unitPriceCents: 101, discountBasisPoints: 5000 })).toBe(51);
    expect(lineTotalCents({ quantityMilli: 1000, unitPriceCents: 99, discountBasisPoints: 5000 })).toBe(50);
    expect(lineTotalCents({ quantityMilli: 2500, unitPriceCents: 333, discountBasisPoints: 1000 })).toBe(749);
    expect(
      lineTotalCents({ quantityMilli: 1000, unitPriceCents: 5000, discountBasisPoints: BASIS_POINTS }),
    ).toBe(0);
  });

  it("computes GST once, on the subtotal of rounded lines", () => {
    expect(quoteTotals([5997, 12050], DEFAULT_GST_BASIS_POINTS)).toEqual({
      subtotalCents: 18047,
      gstCents: 2707,
      totalCents: 20754,
    });
    expect(quoteTotals([], DEFAULT_GST_BASIS_POINTS)).toEqual({
      subtotalCents: 0,
      gstCents: 0,
      totalCents: 0,
    });
  });

  it("always totals the rounded lines plus GST computed once, in whole cents", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.integer({ min: 0, max: 3000 }),
        (lines, gstBasisPoints) => {
          const totals = lines.map(lineTotalCents);
          const result = quoteTotals(totals, gstBasisPoints);
          const subtotal = totals.reduce((sum, cents) => sum + cents, 0);
          // The exact GST in hundred-thousandths of a cent, then rounded half up (it is never negative).
          const gstExact = BigInt(subtotal) * BigInt(gstBasisPoints);
          const gst = Number((gstExact * 2n + BigInt(BASIS_POINTS)) / BigInt(2 * BASIS_POINTS));
          for (const cents of [...totals, result.subtotalCents, result.gstCents, result.totalCents]) {
            expect(Number.isSafeInteger(cents)).toBe(true);
          }
          expect(result.subtotalCents).toBe(subtotal);
          expect(result.gstCents).toBe(gst);
          expect(result.totalCents).toBe(subtotal + gst);
        },
      ),
    );
  });

  it("rounds a line to within half a cent of its exact value, and never above the undiscounted price", () => {
    fc.assert(
      fc.property(line, (l) => {
        const cents = lineTotalCents(l);
        const exact = (l.quantityMilli * l.unitPriceCents * (BASIS_POINTS - l.discountBasisPoints)) / 1e7;
        expect(Math.abs(cents - exact)).toBeLessThanOrEqual(0.5 + 1e-6 * Math.max(1, exact));
        expect(cents).toBeLessThanOrEqual(lineTotalCents({ ...l, discountBasisPoints: 0 }));
      }),
    );
  });

  // What the quote builder takes: up to a million units (in thousandths) at up to MAX_CENTS a unit.
  const edgeAmount = (max: number) =>
    fc.oneof(
      fc.bigInt({ min: 0n, max: BigInt(max) }).map(Number),
      fc.constantFrom(max, max - 1, Math.floor(max / 3), 100_000_000_001, 999_999_999_999),
    );
  const anyLine = fc.record({
    quantityMilli: fc.oneof(
      fc.integer({ min: 1, max: 1_000_000_000 }),
      fc.constantFrom(123_456_789, 999_999_999),
    ),
    unitPriceCents: edgeAmount(MAX_CENTS),
    discountBasisPoints: fc.integer({ min: 0, max: BASIS_POINTS }),
  });
  /** The line's total in exact integers, rounded half up (it is never negative). */
  const exactLine = (l: { quantityMilli: number; unitPriceCents: number; discountBasisPoints: number }) => {
    const product =
      BigInt(l.quantityMilli) * BigInt(l.unitPriceCents) * BigInt(BASIS_POINTS - l.discountBasisPoints);
    return (product * 2n + 10_000_000n) / 20_000_000n;
  };

  it("is exact to the cent for any line up to the limit, and refuses rather than rounds past it", () => {
    fc.assert(
      fc.property(anyLine, (l) => {
        const exact = exactLine(l);
        expect(isLineWithinLimit(l)).toBe(exact <= BigInt(MAX_CENTS));
        if (exact > BigInt(Number.MAX_SAFE_INTEGER)) expect(() => lineTotalCents(l)).toThrow(RangeError);
        else expect(BigInt(lineTotalCents(l))).toBe(exact);
      }),
    );
    // 123,456.789 × $1,000,000,000.01 is $123,456,789,001,234.57: past the limit, and past 2^53 cents.
    const large = { quantityMilli: 123_456_789, unitPriceCents: 100_000_000_001, discountBasisPoints: 0 };
    expect(isLineWithinLimit(large)).toBe(false);
    expect(() => lineTotalCents(large)).toThrow(RangeError);
  });

  it("totals up to a hundred lines at the limit exactly: subtotal, GST and total to the cent", () => {
    fc.assert(
      fc.property(
        fc.array(anyLine, { maxLength: 100 }),
        fc.integer({ min: 0, max: BASIS_POINTS }),
        (lines, gstBasisPoints) => {
          const kept = lines.filter(isLineWithinLimit);
          const totals = kept.map(lineTotalCents);
          const subtotal = kept.reduce((sum, l) => sum + exactLine(l), 0n);
          const gst =
            (subtotal * BigInt(gstBasisPoints) * 2n + BigInt(BASIS_POINTS)) / BigInt(2 * BASIS_POINTS);
          const result = quoteTotals(totals, gstBasisPoints);
          expect(BigInt(result.subtotalCents)).toBe(subtotal);
          expect(BigInt(result.gstCents)).toBe(gst);
          expect(BigInt(result.totalCents)).toBe(subtotal + gst);
          expect(result.totalCents).toBe(result.subtotalCents + result.gstCents);
        },
      ),
    );
    // The largest quote the schema lets through: a subtotal of MAX_CENTS at a GST of 100 %.
    expect(quoteTotals([MAX_CENTS], BASIS_POINTS)).toEqual({
      subtotalCents: MAX_CENTS,
      gstCents: MAX_CENTS,
      totalCents: 2 * MAX_CENTS,
    });
  });

  it("reads back what it writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
    );
    expect(formatCents(-150)).toBe("-$1.50");
    expect(formatQuantity(2500)).toBe("2.5");
    expect(formatQuantity(3000)).toBe("3");
    expect(formatQuantity(1)).toBe("0.001");
    expect(formatPercent(1500)).toBe("15");
    expect(formatPercent(1250)).toBe("12.5");
  });
});
