import crypto from "node:crypto";
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { combineCrc, crc32, crcShift, crcShiftOfLength } from "./crc32.server";

test("the CRC of a concatenation is combined from its parts' CRCs", () => {
  for (const [a, b] of [
    [0, 0],
    [0, 7],
    [5, 0],
    [1, 1],
    [24, 69],
    [100_000, 24],
    [3, 131_073],
  ] as const) {
    const left = crypto.randomBytes(a);
    const right = crypto.randomBytes(b);
    const whole = zlib.crc32(Buffer.concat([left, right])) >>> 0;
    expect(combineCrc(crc32(left), crc32(right), crcShift(b)), `${a}+${b}`).toBe(whole);
    expect(combineCrc(crc32(left), crc32(right), crcShiftOfLength(b)), `${a}+${b}`).toBe(whole);
  }
});
