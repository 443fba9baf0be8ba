// Builds ZIP archives for tests with Python's zipfile (a real archiver, not ours): entries from
// bytes, from large runs of one byte (a bomb: megabytes that deflate to kilobytes), under any
// name the format allows ("../../evil.jpg" included), and with a declared size that lies; and
// reads one back with yauzl, another archiver than the one the app writes with.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type ZipItem =
  | { name: string; bytes: Uint8Array }
  /** `head` followed by zero bytes up to `size` in all. */
  | { name: string; head: Uint8Array; size: number };

const SCRIPT = `
import json, sys, zipfile
spec = json.load(open(sys.argv[1]))
with zipfile.ZipFile(spec["out"], "w", compression=zipfile.ZIP_DEFLATED) as archive:
    for item in spec["items"]:
        head = open(item["file"], "rb").read()
        if "size" in item:
            info = zipfile.ZipInfo(item["name"])
            info.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(info, "w", force_zip64=False) as entry:
                entry.write(head)
                left = item["size"] - len(head)
                block = bytes(1024 * 1024)
                while left > 0:
                    part = block[: min(left, len(block))]
                    entry.write(part)
                    left -= len(part)
        else:
            info = zipfile.ZipInfo(item["name"])
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, head)
lie = spec.get("declare")
if lie is not None:
    data = bytearray(open(spec["out"], "rb").read())
    # The only entry's uncompressed size: in its local header and in the central directory.
    local = data.find(b"PK\\x03\\x04")
    data[local + 22 : local + 26] = lie.to_bytes(4, "little")
    central = data.find(b"PK\\x01\\x02")
    data[central + 24 : central + 28] = lie.to_bytes(4, "little")
    open(spec["out"], "wb").write(bytes(data))
`;

/**
 * Writes a ZIP archive of `items` to `out`. `declare`: the size its one entry claims to be,
 * whatever it really inflates to.
 */
export function buildZip(out: string, items: ZipItem[], options: { declare?: number } = {}) {
  const work = fs.mkdtempSync(path.join(path.dirname(out), "zip-src-"));
  try {
    const specItems = items.map((item, i) => {
      const file = path.join(work, `item-${i}`);
      fs.writeFileSync(file, "bytes" in item ? item.bytes : item.head);
      return "bytes" in item ? { name: item.name, file } : { name: item.name, file, size: item.size };
    });
    const script = path.join(work, "build.py");
    const spec = path.join(work, "spec.json");
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(spec, JSON.stringify({ out, items: specItems, declare: options.declare }));
    execFileSync("python3", [script, spec]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return out;
}

/** Each file of a ZIP, in the archive's order, read back with yauzl (not the code that wrote it). */
export async function readZip(bytes: Uint8Array) {
  const yauzl = (await import("yauzl")).default;
  return new Promise<{ name: string; bytes: Buffer }[]>((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files: { name: string; bytes: Buffer }[] = [];
      zip.on("entry", (entry: import("yauzl").Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}
