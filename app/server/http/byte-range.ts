// The Range header of a GET (RFC 9110 §14.2), as storage takes it: one range of bytes, or null
// when there is none or it is one this server answers with the whole file (several ranges, other
// units, a malformed value), which the standard allows.
import type { ByteRange } from "../storage/storage.server";

export function parseRangeHeader(header: string | null): ByteRange | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") return { suffix: Number(last) };
  const start = Number(first);
  if (last === "") return { start };
  const end = Number(last);
  return end < start ? null : { start, end };
}
