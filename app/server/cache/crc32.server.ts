// The CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine), so a page
// served with fresh values between fixed segments needs the CRC of the values only: what the
// segments contribute is computed once per stored page (gapCrc).
// An operator is a 32×32 matrix over GF(2), one column per bit (zlib's gf2_matrix_* functions).
import zlib from "node:zlib";

type CrcShift = Uint32Array;

/** The reflected CRC-32 polynomial used by gzip and zlib. */
const POLYNOMIAL = 0xedb88320;

function times(matrix: CrcShift, vector: number) {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i] as number;
  return sum >>> 0;
}

/** The operator that applies `b` and then `a`. */
function compose(a: CrcShift, b: CrcShift) {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = times(a, b[n] as number);
  return out;
}

/** One zero byte appended: eight one-bit shifts. */
const ZERO_BYTE = (() => {
  let bit = new Uint32Array(32);
  bit[0] = POLYNOMIAL;
  for (let n = 1; n < 32; n++) bit[n] = 1 << (n - 1);
  for (let i = 0; i < 3; i++) bit = compose(bit, bit);
  return bit;
})();

/** The operator that turns crc(A) into its part of crc(A + B) for any B of `length` bytes. */
export function crcShift(length: number): CrcShift {
  let result = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = (1 << n) >>> 0;
  let power = ZERO_BYTE;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = compose(power, result);
    if (rest > 1) power = compose(power, power);
  }
  return result;
}

/** crc32(A + B) from crc32(A), crc32(B) and the shift for B's length. */
export function combineCrc(crcA: number, crcB: number, shiftB: CrcShift) {
  return (times(shiftB, crcA) ^ crcB) >>> 0;
}

export const crc32 = (data: Buffer) => zlib.crc32(data) >>> 0;

function xor(a: CrcShift, b: CrcShift) {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = ((a[n] as number) ^ (b[n] as number)) >>> 0;
  return out;
}

/**
 * The CRC-32 of fixed segments with values between them, when every value of one kind (the
 * nonce, wherever it appears) is the same bytes of a known length: the CRC is affine in the
 * bytes, so it is the CRC of the page with zeros in the gaps, changed by each kind's value
 * through one operator (the sum of the shifts from each of its gaps to the end). A hit then
 * computes the CRC of each value and one operator product per kind, however many gaps there are.
 * `crcOf` answers null when a value's length is not the one this was made for.
 */
export type GapCrc<Kind extends string> = ReturnType<typeof gapCrc<Kind>>;

export function gapCrc<Kind extends string>(
  segments: readonly Buffer[],
  gaps: readonly Kind[],
  lengths: Record<Kind, number>,
) {
  const total =
    segments.reduce((sum, segment) => sum + segment.byteLength, 0) +
    gaps.reduce((sum, kind) => sum + lengths[kind], 0);
  let crc = 0;
  let after = total;
  const operators = new Map<Kind, CrcShift>();
  segments.forEach((segment, i) => {
    crc = combineCrc(crc, crc32(segment), crcShift(segment.byteLength));
    after -= segment.byteLength;
    const kind = gaps[i];
    if (kind === undefined) return;
    const length = lengths[kind];
    const zeros = Buffer.alloc(length);
    crc = combineCrc(crc, crc32(zeros), crcShift(length));
    after -= length;
    const shift = crcShift(after);
    const sum = operators.get(kind);
    operators.set(kind, sum ? xor(sum, shift) : shift);
  });
  const zeroCrcs = new Map([...operators.keys()].map((kind) => [kind, crc32(Buffer.alloc(lengths[kind]))]));
  const base = crc;
  return {
    crcOf(values: Record<Kind, Buffer>): number | null {
      let result = base;
      for (const [kind, operator] of operators) {
        const value = values[kind];
        if (value.byteLength !== lengths[kind]) return null;
        result ^= times(operator, (crc32(value) ^ (zeroCrcs.get(kind) as number)) >>> 0);
      }
      return result >>> 0;
    },
  };
}
