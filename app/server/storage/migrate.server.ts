// npm run storage:migrate: every file of the local disk's buckets into the configured bucket,
// under the same names (rows keep pointing at them). A file already there with the same size is
// skipped, so the copy can be run again after an interruption, or again after a late upload.
import { BUCKETS, type Bucket, type Storage } from "./storage.server";

type MigrateResult = { copied: number; skipped: number; bytes: number };

export async function copyStoredFiles(
  from: Storage,
  to: Storage,
  onFile: (line: string) => void = () => {},
): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0, bytes: 0 };
  for (const bucket of Object.keys(BUCKETS) as Bucket[]) {
    const there = new Map<string, number>();
    for await (const file of to.list(bucket)) there.set(file.name, file.size);
    for await (const file of from.list(bucket)) {
      if (there.get(file.name) === file.size) {
        result.skipped += 1;
        continue;
      }
      const { stream } = await from.get(bucket, file.name);
      await to.put(bucket, file.name, stream, { name: file.name });
      result.copied += 1;
      result.bytes += file.size;
      onFile(`${bucket}/${file.name}`);
    }
  }
  return result;
}
