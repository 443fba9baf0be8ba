// The one form reader: every posted form (urlencoded or multipart, public or staff) is read here,
// streamed through busboy with caps on the number of fields, each field's bytes and all the text
// together, so no body reaches memory whole. Each file a form takes goes into the request's
// quarantine (http/quarantine), never into storage: its first bytes are read first to tell what it
// really is (a type it may not be is never written at all), every byte is read on its way to the
// disk for markup (a polyglot) and, in a PDF, for scripts, and its size is cut at its rule's limit
// (busboy stops passing a file's bytes on at the limit plus one and discards the rest as it
// arrives, so an oversized upload costs a stream's buffers, not its size). A picture bound for a
// public bucket is encoded again into the quarantine without its metadata (images/process-image),
// since the original is served as it is stored. Its name in storage is chosen now, so the form can
// carry the file's address before the file is kept.
//
//   const body = await readBody(request, { files: [rule], limits, quarantine });
//   if (body.problem) ...                          // what refuses the post (judge.server)
//   body.fields                                    // the text fields, as FormData
//   body.files.get("file")                         // a HeldFile: still in quarantine
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { cleanImageFile } from "../images/process-image.server";
import {
  type DetectedType,
  detectFileType,
  EXTENSION_FOR,
  HEAD_BYTES,
  isImageType,
  scanFileContent,
} from "../storage/file-signature";
import { BUCKETS, type Bucket, generateStoredName, getStorage } from "../storage/storage.server";
import { bodyLimitFor } from "./body-limit.server";
import type { Quarantine } from "./quarantine.server";

/** A file input a form takes, and what it may hold. */
export type FileRule = {
  /** The file input's name. */
  field: string;
  /** Where the file is stored when the form is kept. */
  bucket: Bucket;
  /** The largest file taken, in bytes. */
  maxBytes: number;
  /** The types it may be, told by its bytes; a file of any other is refused unwritten. */
  accept?: readonly DetectedType[];
  /** A picture the site shows: processed into its sizes (images/process-image) when kept. */
  picture?: boolean;
};

export type BodyLimits = {
  /** The most text fields. */
  maxFields: number;
  /** The most bytes one field's value may have; a longer one is cut there (FormBody.cut). */
  maxFieldBytes: number;
  /** The most bytes of text (names and values) in the whole form. */
  maxTextBytes: number;
};

/** An uploaded file in the request's quarantine, with the place in storage it will have. */
export type HeldFile = {
  field: string;
  /** The name the visitor's computer gave it (never used to store it). */
  originalName: string;
  /** What its bytes say it is. */
  detected: DetectedType | null;
  /** The bytes the visitor sent (a picture encoded again may differ on disk). */
  size: number;
  /** The quarantined file: what storage receives when it is kept. */
  temp: string;
  bucket: Bucket;
  /** Its stored name, chosen now. */
  name: string;
  /** `bucket/name`, as rows keep a stored file. */
  path: string;
  /** Its public address, for a public bucket. */
  url: string | null;
  picture: boolean;
};

export type FileProblem =
  | "too_large"
  /** None of the rule's types (or, read whole, a polyglot; or a picture that does not decode). */
  | "wrong_type"
  /** A PDF with JavaScript or actions a reader runs on its own. */
  | "active_content";

/** Why a body is refused. */
export type BodyProblem =
  /** Not a form body at all (JSON, no content type). */
  | { kind: "not_a_form" }
  /** A broken body, a file where none is taken, a second file for one input, a field name too long. */
  | { kind: "unreadable" }
  | { kind: "too_many_fields" }
  /** More text than the form takes. */
  | { kind: "too_large" }
  | { kind: "file"; field: string; problem: FileProblem }
  /** Ours: the quarantine could not be written (disk full, permissions). */
  | { kind: "failed"; error: unknown };

export type FormBody = {
  fields: FormData;
  /** The files kept in quarantine, by input name (none when the body has a problem). */
  files: Map<string, HeldFile>;
  /** Fields whose value was cut at maxFieldBytes. */
  cut: Set<string>;
  problem: BodyProblem | null;
};

function contentType(request: Request) {
  return (request.headers.get("content-type") ?? "").toLowerCase();
}

export function isMultipart(request: Request) {
  return contentType(request).startsWith("multipart/form-data");
}

export function isUrlEncoded(request: Request) {
  return contentType(request).startsWith("application/x-www-form-urlencoded");
}

/** Whether the body is one a form sends (urlencoded or multipart); anything else is refused. */
export function isFormBody(request: Request) {
  return isMultipart(request) || isUrlEncoded(request);
}

/** The text caps of the route's body limit (http/body-limit): the same numbers, counted here. */
export function bodyLimitsFor(request: Request): BodyLimits {
  const maxBytes = bodyLimitFor(new URL(request.url).pathname).maxBytes;
  return { maxFields: 3000, maxFieldBytes: maxBytes, maxTextBytes: maxBytes };
}

async function drain(iterator: AsyncIterator<Buffer>) {
  while (!(await iterator.next()).done) {}
}

async function removeFile(file: string) {
  await fs.promises.rm(file, { force: true }).catch(() => {});
}

async function cancel(request: Request) {
  await request.body?.cancel().catch(() => {});
}

export type ReadOptions = {
  /** The file inputs the form takes; a file in any other part refuses the post. */
  files?: readonly FileRule[];
  limits: BodyLimits;
  /** Where the files wait; needed only when `files` has rules. */
  quarantine?: Quarantine;
};

/** Reads a form body (see the top of this file). Never throws for what the client sent. */
export async function readBody(request: Request, options: ReadOptions): Promise<FormBody> {
  const rules = options.files ?? [];
  const { limits, quarantine } = options;
  const fields = new FormData();
  const files = new Map<string, HeldFile>();
  const cut = new Set<string>();
  const refused = (problem: BodyProblem): FormBody => ({ fields, files: new Map(), cut, problem });

  if (!isFormBody(request)) return refused({ kind: "not_a_form" });
  if (!request.body) return refused({ kind: "unreadable" });
  // A urlencoded body is all text: one that says it is larger than the form takes is not read.
  const declared = Number(request.headers.get("content-length") ?? "0");
  if ((rules.length === 0 || !isMultipart(request)) && declared > limits.maxTextBytes) {
    await cancel(request);
    return refused({ kind: "too_large" });
  }
  if (rules.length > 0 && !quarantine) throw new Error("A form that takes files needs a quarantine");
  if (isUrlEncoded(request)) return readUrlEncoded(request, limits);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      limits: {
        // Busboy flags a file as truncated on reaching the limit, so a file of exactly maxBytes
        // would be refused; one byte more makes maxBytes the largest size accepted.
        fileSize: Math.max(0, ...rules.map((rule) => rule.maxBytes)) + 1,
        files: rules.length,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFields + rules.length,
      },
    });
  } catch {
    await cancel(request);
    return refused({ kind: "unreadable" });
  }

  const pending: Promise<void>[] = [];
  const seen = new Set<string>();
  let problem: BodyProblem | null = null;
  let textBytes = 0;

  function fail(next: BodyProblem) {
    problem ??= next;
  }

  // The head is read before the disk sees a byte, so a refused type is never written and the
  // stored name's extension follows what the file is. Consuming through one async iterator (not
  // a "data" listener beside a pipe) means no chunk can be lost before the write starts.
  async function hold(rule: FileRule, stream: Readable, originalName: string, isCut: () => boolean) {
    const tooLarge = () => fail({ kind: "file", field: rule.field, problem: "too_large" });
    const iterator: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let headLength = 0;
    let ended = false;
    while (headLength < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headLength += next.value.length;
    }
    if (headLength > rule.maxBytes) tooLarge();
    if (!ended && (isCut() || problem)) return drain(iterator);
    // An empty file input (no file chosen) may still send a named part with no bytes.
    if (headLength === 0 || isCut() || problem) return;
    const detected = await detectFileType(Buffer.concat(head).subarray(0, HEAD_BYTES));
    if (rule.accept && (!detected || !rule.accept.includes(detected))) {
      fail({ kind: "file", field: rule.field, problem: "wrong_type" });
      if (!ended) await drain(iterator);
      return;
    }
    // Every byte is read for markup (and a PDF for its actions) on its way to the disk.
    const scan = scanFileContent(detected);
    let size = 0;
    async function* replay() {
      for (const chunk of head) {
        scan.push(chunk);
        size += chunk.length;
        yield chunk;
      }
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        scan.push(next.value);
        size += next.value.length;
        yield next.value;
      }
    }
    const temp = await (quarantine as Quarantine).newFile();
    try {
      await pipeline(
        // Bytes, not chunks, bound what waits between the parser and the disk.
        Readable.from(replay(), { objectMode: false, highWaterMark: 64 * 1024 }),
        fs.createWriteStream(temp, { mode: 0o600 }),
      );
    } catch (error) {
      await removeFile(temp);
      throw error;
    }
    if (size > rule.maxBytes) tooLarge();
    if (isCut() || problem) return removeFile(temp);
    let type = detected;
    let kept = temp;
    if (scan.problem === "pdf_actions") {
      await removeFile(temp);
      return fail({ kind: "file", field: rule.field, problem: "active_content" });
    }
    if (scan.problem) {
      // A polyglot is no type at all, as if its markup had been in the first bytes.
      if (rule.accept) {
        await removeFile(temp);
        return fail({ kind: "file", field: rule.field, problem: "wrong_type" });
      }
      type = null;
    }
    if (type && isImageType(type) && BUCKETS[rule.bucket].public) {
      const clean = await (quarantine as Quarantine).newFile();
      if (await cleanImageFile(temp, clean, type)) {
        await removeFile(temp);
        kept = clean;
      } else {
        // Image bytes at the start but no picture behind them: no type at all.
        await removeFile(clean);
        if (rule.accept) {
          await removeFile(temp);
          return fail({ kind: "file", field: rule.field, problem: "wrong_type" });
        }
        type = null;
      }
    }
    const name = generateStoredName(`upload.${type ? EXTENSION_FOR[type] : "bin"}`);
    files.set(rule.field, {
      field: rule.field,
      originalName,
      detected: type,
      size,
      temp: kept,
      bucket: rule.bucket,
      name,
      path: `${rule.bucket}/${name}`,
      url: BUCKETS[rule.bucket].public ? getStorage().publicUrl(rule.bucket, name) : null,
      picture: Boolean(rule.picture),
    });
  }

  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated) return fail({ kind: "unreadable" });
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (textBytes > limits.maxTextBytes) return fail({ kind: "too_large" });
      if (info.valueTruncated) cut.add(name);
      fields.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      const rule = rules.find((candidate) => candidate.field === name);
      if (!rule || seen.has(name)) {
        stream.resume();
        fail({ kind: "unreadable" });
        return;
      }
      seen.add(name);
      let truncated = false;
      stream.on("limit", () => {
        truncated = true;
        fail({ kind: "file", field: name, problem: "too_large" });
      });
      if (!info.filename || problem) {
        stream.resume();
        return;
      }
      pending.push(
        hold(rule, stream, info.filename, () => truncated).catch((error: unknown) => {
          stream.resume();
          // The disk failing (ENOSPC, EACCES …) is ours; a stream that broke off is the client's.
          const code = (error as NodeJS.ErrnoException)?.code;
          if (code && !code.startsWith("ERR_")) fail({ kind: "failed", error });
          else fail({ kind: "unreadable" });
        }),
      );
    });
    parser.on("partsLimit", () => fail({ kind: "too_many_fields" }));
    parser.on("fieldsLimit", () => fail({ kind: "too_many_fields" }));
    parser.on("filesLimit", () => fail({ kind: "unreadable" }));
    parser.on("error", reject);
    parser.on("close", resolve);
  });

  try {
    const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
    body.on("error", (error) => parser.destroy(error));
    body.pipe(parser);
    await done;
    await Promise.all(pending);
  } catch {
    await Promise.allSettled(pending);
    problem = { kind: "unreadable" };
  }
  if (problem) {
    await Promise.all([...files.values()].map((file) => removeFile(file.temp)));
    return refused(problem);
  }
  return { fields, files, cut, problem: null };
}

/**
 * A urlencoded body: all text, counted as it arrives and cut off past the form's text budget (its
 * encoded bytes are never fewer than the text they carry), then decoded at once and held to the
 * same field caps as a multipart one.
 */
async function readUrlEncoded(request: Request, limits: BodyLimits): Promise<FormBody> {
  const fields = new FormData();
  const cut = new Set<string>();
  const refused = (problem: BodyProblem): FormBody => ({ fields, files: new Map(), cut, problem });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = (request.body as ReadableStream<Uint8Array>).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limits.maxTextBytes) {
        await reader.cancel().catch(() => {});
        return refused({ kind: "too_large" });
      }
      chunks.push(next.value);
    }
  } catch {
    return refused({ kind: "unreadable" });
  }
  let count = 0;
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) {
    count += 1;
    if (count > limits.maxFields) return refused({ kind: "too_many_fields" });
    const bytes = Buffer.from(value);
    if (bytes.length > limits.maxFieldBytes) {
      cut.add(name);
      fields.append(name, bytes.subarray(0, limits.maxFieldBytes).toString("utf8"));
    } else fields.append(name, value);
  }
  return { fields, files: new Map(), cut, problem: null };
}

/**
 * A form with no files, read whole within the route's caps; null when it is not a readable form
 * (a wrong content type, a broken body, a file, more fields or text than it takes).
 */
export async function readFields(request: Request): Promise<FormData | null> {
  const body = await readBody(request, { limits: bodyLimitsFor(request) });
  return body.problem ? null : body.fields;
}
