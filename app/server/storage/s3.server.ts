// The S3-compatible driver (STORAGE_URL, ADR 021): the app's buckets are key prefixes in one
// bucket, `<prefix><bucket>/<name>`. Nothing in the bucket is public: every file streams through
// the app, which checks the role for the private buckets.
//
// Uploads never sit whole in memory: the body is spooled to a temporary file one part (8 MiB) at
// a time and each part streams to the bucket from that file, so a process holds a few chunks of
// an upload, whatever its size. A body of one part is one PutObject; a longer one a multipart
// upload, aborted on any failure (over maxBytes included), so a refused file leaves nothing.
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { logger } from "../logger.server";
import { describeS3Location, type S3Location } from "../storage-url";
import { contentTypeFor } from "./content-type";
import {
  BUCKETS,
  type Bucket,
  isBucket,
  isServingMarkId,
  isStoredName,
  nameForPut,
  parseServingMark,
  resolveRange,
  SERVING_FOLDER,
  type ServingMark,
  type Storage,
  StorageError,
} from "./contract.server";

/** Every part but the last is this long (S3 wants at least 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

type S3StorageOptions = {
  /** Given by tests; otherwise the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  partBytes?: number;
};

type ErrorLike = { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };

function statusOf(error: unknown) {
  return (error as ErrorLike)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown) {
  const name = (error as ErrorLike)?.name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

function rangeHeader(range: { start: number; end?: number }) {
  return `bytes=${range.start}-${range.end ?? ""}`;
}

/** The body cut into files of `partBytes` (the last shorter), each yielded once it is whole. */
async function* spoolParts(source: Readable, file: string, partBytes: number, maxBytes?: number) {
  let number = 1;
  let total = 0;
  let inPart = 0;
  let sink = fs.createWriteStream(file, { mode: 0o600 });
  async function close() {
    sink.end();
    await once(sink, "close");
  }
  try {
    for await (const received of source) {
      let chunk: Buffer = Buffer.isBuffer(received) ? received : Buffer.from(received as Uint8Array);
      total += chunk.length;
      if (maxBytes !== undefined && total > maxBytes) {
        throw new StorageError(`File is larger than ${maxBytes} bytes`, "too_large");
      }
      while (chunk.length > 0) {
        if (inPart === partBytes) {
          await close();
          yield { number, file, bytes: inPart, last: false };
          number += 1;
          inPart = 0;
          sink = fs.createWriteStream(file, { mode: 0o600 });
        }
        const piece = chunk.subarray(0, partBytes - inPart);
        if (!sink.write(piece)) await once(sink, "drain");
        inPart += piece.length;
        chunk = chunk.subarray(piece.length);
      }
    }
    await close();
    yield { number, file, bytes: inPart, last: true };
  } finally {
    sink.destroy();
  }
}

export function createS3Storage(location: S3Location, options: S3StorageOptions = {}): Storage {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 demands them: many S3-compatible servers do not take the SDK's
    // newer streaming checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000 },
  });
  const Bucket = location.bucket;
  const partBytes = options.partBytes ?? PART_BYTES;

  function folder(bucket: Bucket) {
    if (!isBucket(bucket)) throw new StorageError("Unknown bucket", "bad_name");
    return `${location.prefix}${bucket}/`;
  }

  function keyFor(bucket: Bucket, name: string) {
    const prefix = folder(bucket);
    if (!isStoredName(name)) throw new StorageError("Invalid file name", "bad_name");
    return `${prefix}${name}`;
  }

  async function sizeOf(Key: string) {
    const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
    return head.ContentLength ?? 0;
  }

  return {
    async put(bucket, originalName, body, putOptions = {}) {
      const name = nameForPut(originalName, putOptions.name);
      const Key = keyFor(bucket, name);
      const ContentType = contentTypeFor(name);
      const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
      const spool = await fs.promises.mkdtemp(path.join(os.tmpdir(), "tc-s3-put-"));
      let uploadId: string | undefined;
      let size = 0;
      try {
        const parts: CompletedPart[] = [];
        for await (const part of spoolParts(
          source,
          path.join(spool, "part"),
          partBytes,
          putOptions.maxBytes,
        )) {
          size += part.bytes;
          const Body = fs.createReadStream(part.file);
          if (part.number === 1 && part.last) {
            await client.send(
              new PutObjectCommand({ Bucket, Key, Body, ContentLength: part.bytes, ContentType }),
            );
            break;
          }
          uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType })))
            .UploadId;
          const { ETag } = await client.send(
            new UploadPartCommand({
              Bucket,
              Key,
              UploadId: uploadId,
              PartNumber: part.number,
              Body,
              ContentLength: part.bytes,
            }),
          );
          parts.push({ ETag, PartNumber: part.number });
        }
        if (uploadId) {
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
        }
      } catch (error) {
        source.destroy();
        if (uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
            .catch((abortError: unknown) =>
              logger.warn({ err: abortError, key: Key }, "could not abort a failed multipart upload"),
            );
        }
        throw error;
      } finally {
        await fs.promises.rm(spool, { recursive: true, force: true });
      }
      return { bucket, name, path: `${bucket}/${name}`, size };
    },

    async get(bucket, name, getOptions = {}) {
      const Key = keyFor(bucket, name);
      const range = getOptions.range;
      try {
        // "The last n bytes" is asked as a start and an end: not every S3-compatible server
        // reads a suffix range right, and it is rare (a player seeking from the end).
        const span = range && "suffix" in range ? resolveRange(range, await sizeOf(Key)) : range;
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key, Range: span ? rangeHeader(span) : undefined }),
        );
        const stream = out.Body as Readable;
        if (!span) return { stream, size: out.ContentLength ?? 0 };
        const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? "");
        if (!sent) {
          stream.destroy();
          throw new Error(`The storage server ignored a Range request for ${Key}`);
        }
        return {
          stream,
          size: Number(sent[3]),
          range: { start: Number(sent[1]), end: Number(sent[2]) },
        };
      } catch (error) {
        if (error instanceof StorageError) throw error;
        if (isNotFound(error)) throw new StorageError("File not found", "not_found");
        if ((error as ErrorLike).name === "InvalidRange" || statusOf(error) === 416) {
          throw new StorageError("Range not satisfiable", "bad_range", await sizeOf(Key));
        }
        throw error;
      }
    },

    async exists(bucket, name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyFor(bucket, name) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(bucket, name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyFor(bucket, name) }));
    },

    async *list(bucket) {
      const Prefix = folder(bucket);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(Prefix.length) ?? "";
          if (!isStoredName(name)) continue;
          yield { name, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    // A multipart upload a killed process never finished or aborted holds parts (and costs) but is
    // no object. A server that cannot list them (NotImplemented) is left to the bucket's own
    // lifecycle rule (AbortIncompleteMultipartUpload), which the README advises.
    async deleteUnfinished(bucket, olderThan) {
      const Prefix = folder(bucket);
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, Prefix, KeyMarker, UploadIdMarker }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated > olderThan)
              continue;
            await client.send(
              new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
            );
            removed += 1;
          }
          KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
          UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
        } while (KeyMarker);
      } catch (error) {
        if ((error as ErrorLike).name === "NotImplemented" || statusOf(error) === 501) return removed;
        throw error;
      }
      return removed;
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const why =
          status === 403 || status === 401
            ? "refused the credentials (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)"
            : status === 404
              ? "does not exist"
              : `could not be reached (${(error as Error).message || (error as ErrorLike).name})`;
        throw new Error(`STORAGE_URL: the bucket ${describeS3Location(location)} ${why}`, { cause: error });
      }
    },

    publicUrl(bucket, name) {
      if (!BUCKETS[bucket]?.public) throw new StorageError("This bucket is private", "bad_name");
      keyFor(bucket, name);
      return `/files/${bucket}/${name}`;
    },

    async putServingMark(mark) {
      const Body = JSON.stringify(mark);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: markKey(mark.id),
          Body,
          ContentLength: Buffer.byteLength(Body),
          ContentType: "application/json",
        }),
      );
    },

    async deleteServingMark(id) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: markKey(id) }));
    },

    async listServingMarks() {
      const Prefix = `${location.prefix}${SERVING_FOLDER}/`;
      const marks: ServingMark[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key?.endsWith(".json")) continue;
          try {
            const out = await client.send(new GetObjectCommand({ Bucket, Key: object.Key }));
            const mark = parseServingMark((await out.Body?.transformToString()) ?? "");
            if (mark) marks.push(mark);
          } catch (error) {
            // Removed between the listing and the read: its process stopped.
            if (!isNotFound(error)) throw error;
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return marks;
    },
  };

  function markKey(id: string) {
    if (!isServingMarkId(id)) throw new StorageError("Invalid serving mark", "bad_name");
    return `${location.prefix}${SERVING_FOLDER}/${id}.json`;
  }
}
