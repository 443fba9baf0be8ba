// One enquiry, from the raw request to a stored row: read the body (files streamed to storage
// with the size cap and checked by their bytes), validate with the shared schema, insert. Any
// refusal leaves nothing behind: no row, no file.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "~/server/db/db.server";
import { contactQueries } from "~/server/db/schema";
import type { DetectedType } from "~/server/http/file-signature";
import {
  discardUploads,
  isMultipart,
  isUrlEncoded,
  type MultipartResult,
  parseMultipart,
  type StoredUpload,
} from "~/server/http/multipart.server";
import { logger } from "~/server/logger.server";
import {
  contactEnquirySchema,
  ENQUIRY_LIMITS,
  type EnquiryKind,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FILE_BYTES,
  QUICK_SUBJECT,
  quickEnquirySchema,
  UNREADABLE_FORM,
  withProductLine,
} from "./schema";

/** jpeg, png, pdf, Word doc and docx: the spec's list, decided by the file's bytes. */
export const ENQUIRY_FILE_TYPES: readonly DetectedType[] = ["jpeg", "png", "pdf", "doc", "docx"];

export type EnquiryFailure =
  /** A field or the file broke a rule: the reply carries the spec's messages. */
  | "invalid"
  | "file_too_large"
  | "unsupported_media_type"
  | "method_not_allowed"
  /** Storage or the database failed: the visitor's input was fine. */
  | "failed";

export type EnquiryOutcome =
  | { ok: true; id: string; fileUrl: string | null; reply: SubmissionResult<string[]> }
  | { ok: false; reason: EnquiryFailure; reply: SubmissionResult<string[]> };

type EnquiryValue = {
  fullName: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  product?: string;
};

function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

const TEXT_FIELDS = ["fullName", "email", "phone", "subject", "message", "product"] as const;

function tooLongMessage(field: string) {
  const labels: Record<string, [string, number]> = {
    fullName: ["Name", ENQUIRY_LIMITS.fullName],
    email: ["Email", ENQUIRY_LIMITS.email],
    phone: ["Phone", ENQUIRY_LIMITS.phone],
    subject: ["Subject", ENQUIRY_LIMITS.subject],
    message: ["Message", ENQUIRY_LIMITS.message],
    product: ["Product", ENQUIRY_LIMITS.product],
  };
  const entry = labels[field];
  return entry ? `${entry[0]} must be at most ${entry[1]} characters` : UNREADABLE_FORM;
}

async function readBody(request: Request): Promise<MultipartResult> {
  return parseMultipart(request, {
    bucket: "contact_uploads",
    fileFields: ["file"],
    maxFileBytes: MAX_FILE_BYTES,
    acceptTypes: ENQUIRY_FILE_TYPES,
    maxFields: 20,
    // Room for the longest message in 4-byte characters; anything longer is refused unread.
    maxFieldBytes: 32 * 1024,
  });
}

export async function submitEnquiry(request: Request, kind: EnquiryKind): Promise<EnquiryOutcome> {
  if (request.method !== "POST")
    return { ok: false, reason: "method_not_allowed", reply: formError(UNREADABLE_FORM) };
  if (!isMultipart(request) && !isUrlEncoded(request)) {
    return { ok: false, reason: "unsupported_media_type", reply: formError(UNREADABLE_FORM) };
  }

  const body = await readBody(request);
  const { fields } = body;
  // Conform's intent field would let a visitor's post drive the parser; these forms have none.
  fields.delete("__intent__");
  const submission =
    kind === "contact"
      ? parseWithZod(fields, { schema: contactEnquirySchema })
      : parseWithZod(fields, { schema: quickEnquirySchema });

  const fieldErrors: Record<string, string[]> = {};
  let reason: EnquiryFailure = "invalid";
  if (!body.ok) {
    if (body.reason === "upload_failed") {
      logger.error({ kind }, "Failed to upload file");
      return { ok: false, reason: "failed", reply: submission.reply() };
    }
    if (body.reason === "too_large" && body.fieldName === "file") {
      fieldErrors.file = [FILE_TOO_LARGE];
      reason = "file_too_large";
    } else if (body.reason === "unsupported_type") {
      fieldErrors.file = [INVALID_FILE_TYPE];
    } else if (body.reason === "too_large" && TEXT_FIELDS.some((f) => f === body.fieldName)) {
      fieldErrors[body.fieldName as string] = [tooLongMessage(body.fieldName as string)];
    } else {
      return { ok: false, reason: "invalid", reply: formError(UNREADABLE_FORM) };
    }
  }
  const files = body.ok ? body.files : new Map<string, StoredUpload>();

  if (!body.ok || submission.status !== "success") {
    await discardUploads(files.values());
    return { ok: false, reason, reply: submission.reply({ fieldErrors }) };
  }

  const value: EnquiryValue = submission.value;
  const upload = files.get("file");
  try {
    const [row] = await getDb()
      .insert(contactQueries)
      .values({
        fullName: value.fullName,
        email: value.email,
        phone: value.phone || null,
        // The quick form's schema has no subject: whatever was posted for it is never read.
        subject: kind === "contact" && value.subject ? value.subject : QUICK_SUBJECT,
        message: withProductLine(value.message, value.product),
        fileUrl: upload?.path ?? null,
      })
      .returning({ id: contactQueries.id });
    if (!row) throw new Error("The insert returned no row");
    logger.info({ id: row.id, kind, withFile: Boolean(upload) }, "enquiry received");
    return {
      ok: true,
      id: row.id,
      fileUrl: upload?.path ?? null,
      reply: submission.reply({ resetForm: true }),
    };
  } catch (error) {
    logger.error({ err: error, kind }, "Failed to submit contact form");
    await discardUploads(files.values());
    return { ok: false, reason: "failed", reply: submission.reply() };
  }
}
