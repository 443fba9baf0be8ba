// The CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine), so a page
// served with fresh values between fixed segments needs the CRC of the values only: the segments'
// CRCs and the "append n bytes" operator of each length are computed once per stored page.
// An operator is a 32×32 matrix over GF(2), one column per bit (zlib's gf2_matrix_* functions).
import zlib from "node:zlib";

export type CrcShift = Uint32Array;

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

const shiftsByLength = new Map<number, CrcShift>();

/** crcShift for short values whose few lengths recur (a nonce, a form token), kept once made. */
export function crcShiftOfLength(length: number) {
  let shift = shiftsByLength.get(length);
  if (!shift) {
    shift = crcShift(length);
    if (shiftsByLength.size < 64) shiftsByLength.set(length, shift);
  }
  return shift;
}

export const crc32 = (data: Buffer) => zlib.crc32(data) >>> 0;
