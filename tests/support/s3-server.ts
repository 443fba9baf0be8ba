// A real S3-protocol server in the test's own process (s3rver, on a random port with a temporary
// folder), and the app's S3 driver pointed at it. s3rver checks request signatures against its
// one account, S3RVER / S3RVER.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createS3Storage } from "~/server/storage/s3.server";
import { parseStorageUrl, type S3Location } from "~/server/storage-url";

export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(bucket = "trade-counter") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tc-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;

  /** The location of STORAGE_URL `s3://<bucket>?endpoint=…&forcePathStyle=true&prefix=…`. */
  function location(options: { bucket?: string; prefix?: string } = {}): S3Location {
    const url = `s3://${options.bucket ?? bucket}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true&prefix=${options.prefix ?? "tradecounter/"}`;
    const parsed = parseStorageUrl(url);
    if ("error" in parsed) throw new Error(parsed.error);
    return parsed;
  }

  return {
    endpoint,
    directory,
    location,
    storage(
      options: {
        bucket?: string;
        prefix?: string;
        credentials?: typeof S3RVER_CREDENTIALS;
        partBytes?: number;
      } = {},
    ) {
      return createS3Storage(location(options), {
        credentials: options.credentials ?? S3RVER_CREDENTIALS,
        partBytes: options.partBytes,
      });
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
