import crypto from "node:crypto";
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { combineCrc, crc32, crcShift, gapCrc } from "./crc32.server";

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
  }
});

test("the CRC of a page with the same value in several gaps is made from the values alone", () => {
  const segments = [5, 0, 1000, 7, 0, 30_000].map((n) => crypto.randomBytes(n));
  const gaps = ["nonce", "token", "nonce", "nonce", "token"] as const;
  const crc = gapCrc(segments, gaps, { nonce: 24, token: 69 });
  for (let round = 0; round < 3; round++) {
    const values = { nonce: crypto.randomBytes(24), token: crypto.randomBytes(69) };
    const whole = segments.flatMap((segment, i) => {
      const kind = gaps[i];
      return kind ? [segment, values[kind]] : [segment];
    });
    expect(crc.crcOf(values)).toBe(zlib.crc32(Buffer.concat(whole)) >>> 0);
  }
  expect(crc.crcOf({ nonce: crypto.randomBytes(25), token: crypto.randomBytes(69) })).toBeNull();
});
