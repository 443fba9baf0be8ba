// One enquiry, from the raw request to a stored row: count it against the sender's rate limit,
// read the body (files streamed to storage with the size cap and checked by their bytes),
// validate with the shared schema, judge the spam signals, then in one transaction insert the
// enquiry, its quote-list lines, its first history event and its e-mails (the outbox). Any
// refusal leaves nothing behind: no row, no file (a file whose fate a database outage left
// unknown is the orphan sweep's). Mail is sent later by the outbox worker, so neither SMTP's
// speed nor an outage reaches the visitor.
import type { SubmissionResult } from "@conform-to/react";
import type { SpamReason } from "~/lib/vocabulary";
import { enqueueEnquiryMail } from "~/modules/enquiries/mail.server";
import { getQuoteLines, type QuoteLine } from "~/modules/quote-list/quote-list.server";
import { databaseOutageKind } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { contactQueries, enquiryEvents, enquiryLines } from "~/server/db/schema";
import { parseSubmission } from "~/server/http/intents";
import {
  discardUploads,
  isMultipart,
  isUrlEncoded,
  type MultipartResult,
  parseMultipart,
  type StoredUpload,
} from "~/server/http/multipart.server";
import { logger } from "~/server/logger.server";
import { wakeMailWorker } from "~/server/mail/outbox.server";
import type { DetectedType } from "~/server/storage/file-signature";
import { formatReference } from "./reference";
import {
  contactEnquirySchema,
  ENQUIRY_LIMITS,
  type EnquiryKind,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FILE_BYTES,
  PDF_WITH_SCRIPTS,
  QUICK_SUBJECT,
  quickEnquirySchema,
  RATE_LIMITED_MESSAGE,
  UNREADABLE_FORM,
  withProductLine,
} from "./schema";
import { assessFormFields, checkEnquiryRate, isReplayedFormToken } from "./spam.server";

/** jpeg, png, pdf, Word doc and docx, decided by the file's bytes. */
export const ENQUIRY_FILE_TYPES: readonly DetectedType[] = ["jpeg", "png", "pdf", "doc", "docx"];

export type EnquiryFailure =
  /** A field or the file broke a rule: the reply carries each rule's message. */
  | "invalid"
  | "file_too_large"
  | "unsupported_media_type"
  | "method_not_allowed"
  /** Over the sender's rate limit: 429 (what was readable is stored as Spam). */
  | "rate_limited"
  /** Storage or the database failed: the visitor's input was fine. */
  | "failed";

export type EnquiryOutcome =
  | {
      ok: true;
      id: string;
      reference: string;
      /** Stored as Spam: the sender is told it was received, staff are not notified. */
      spam: SpamReason | null;
      fileUrl: string | null;
      reply: SubmissionResult<string[]>;
    }
  | {
      ok: false;
      reason: EnquiryFailure;
      reply: SubmissionResult<string[]>;
      retryAfterSeconds?: number;
      /** The Spam row a rate-limited post was stored as, if it was readable. */
      storedAsSpam?: string;
    };

export type SubmitOptions = {
  /** The sender's address (the rate limit's key); "unknown" shares one limit. */
  clientIp?: string;
  now?: Date;
};

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

export async function submitEnquiry(
  request: Request,
  kind: EnquiryKind,
  options: SubmitOptions = {},
): Promise<EnquiryOutcome> {
  if (request.method !== "POST")
    return { ok: false, reason: "method_not_allowed", reply: formError(UNREADABLE_FORM) };
  if (!isMultipart(request) && !isUrlEncoded(request)) {
    return { ok: false, reason: "unsupported_media_type", reply: formError(UNREADABLE_FORM) };
  }
  const now = options.now ?? new Date();
  const clientIp = options.clientIp ?? "unknown";

  let rate: Awaited<ReturnType<typeof checkEnquiryRate>>;
  try {
    rate = await checkEnquiryRate(clientIp, now);
  } catch (error) {
    logger.error({ err: error, kind }, "Failed to check the enquiry rate limit");
    return { ok: false, reason: "failed", reply: formError(UNREADABLE_FORM) };
  }
  if (rate.kind === "flood") {
    logger.warn({ kind, clientIp }, "enquiry flood refused unread");
    await request.body?.cancel().catch(() => {});
    return {
      ok: false,
      reason: "rate_limited",
      reply: formError(RATE_LIMITED_MESSAGE),
      retryAfterSeconds: rate.retryAfterSeconds,
    };
  }

  const body = await readBody(request);
  const { fields } = body;
  // Conform's own fields would let a visitor's post drive the parser (and throw on a forged
  // one); these forms use neither.
  fields.delete("__intent__");
  fields.delete("__state__");
  const submission =
    kind === "contact"
      ? parseSubmission(fields, contactEnquirySchema)
      : parseSubmission(fields, quickEnquirySchema);

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
    } else if (body.reason === "active_content") {
      fieldErrors.file = [PDF_WITH_SCRIPTS];
    } else if (body.reason === "too_large" && TEXT_FIELDS.some((f) => f === body.fieldName)) {
      fieldErrors[body.fieldName as string] = [tooLongMessage(body.fieldName as string)];
    } else {
      return { ok: false, reason: "invalid", reply: formError(UNREADABLE_FORM) };
    }
  }
  const files = body.ok ? body.files : new Map<string, StoredUpload>();

  if (!body.ok || submission.status !== "success") {
    await discardUploads(files.values());
    if (rate.kind === "limited") return rateLimited(rate.retryAfterSeconds, submission.reply());
    return { ok: false, reason, reply: submission.reply({ fieldErrors }) };
  }

  let spam: SpamReason | null = rate.kind === "limited" ? "rate_limit" : assessFormFields(fields, now);
  // A rate-limited sender's attachment is not kept: the row is evidence, the file only disk.
  if (rate.kind === "limited") await discardUploads(files.values());
  const upload = rate.kind === "limited" ? undefined : files.get("file");

  const value: EnquiryValue = submission.value;
  try {
    // Honeypot and fill-time spam keep their quote list too: if staff find a person in Spam,
    // nothing of what they sent is missing. A rate-limited post is only evidence.
    const lines: QuoteLine[] =
      kind === "contact" && spam !== "rate_limit" ? await getQuoteLines(request) : [];
    const enquiry = await getDb().transaction(async (tx) => {
      // A token already spent on an enquiry is a copy of a form, not a person filling one in.
      if (!spam && (await isReplayedFormToken(fields, tx))) spam = "no_form_token";
      const [row] = await tx
        .insert(contactQueries)
        .values({
          source: kind,
          fullName: value.fullName,
          email: value.email,
          phone: value.phone || null,
          // The quick form's schema has no subject: whatever was posted for it is never read.
          subject: kind === "contact" && value.subject ? value.subject : QUICK_SUBJECT,
          message: withProductLine(value.message, value.product),
          fileUrl: upload?.path ?? null,
          status: spam ? "Spam" : "New",
          spamReason: spam,
          closedAt: spam ? now : null,
          clientIp,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("The insert returned no row");
      if (lines.length > 0) {
        await tx.insert(enquiryLines).values(
          lines.map((line, position) => ({
            enquiryId: row.id,
            productId: line.productId,
            productName: line.productName,
            quantity: line.quantity,
            position,
          })),
        );
      }
      await tx.insert(enquiryEvents).values({
        enquiryId: row.id,
        kind: "received",
        toValue: spam ? "Spam" : "New",
        createdAt: now,
      });
      if (!spam) await enqueueEnquiryMail(tx, row, lines);
      return row;
    });
    const reference = formatReference(enquiry.referenceNo, enquiry.createdAt);
    logger.info(
      { id: enquiry.id, reference, kind, withFile: Boolean(upload), lines: lines.length, spam },
      spam ? "enquiry stored as spam" : "enquiry received",
    );
    // After the transaction above (inside a caller's, it waits for that one's commit).
    if (!spam) wakeMailWorker();
    if (rate.kind === "limited") {
      return { ...rateLimited(rate.retryAfterSeconds, submission.reply()), storedAsSpam: enquiry.id };
    }
    return {
      ok: true,
      id: enquiry.id,
      reference,
      spam,
      fileUrl: upload?.path ?? null,
      reply: submission.reply({ resetForm: true }),
    };
  } catch (error) {
    // A connection lost mid-transaction may have lost it at COMMIT, after the row landed: the
    // file then stays, and the orphan sweep (housekeeping) removes it if no row refers to it.
    if (databaseOutageKind(error) === "interrupted") {
      logger.warn({ err: error, kind, file: upload?.path }, "Enquiry interrupted by a database outage");
    } else {
      logger.error({ err: error, kind }, "Failed to submit contact form");
      await discardUploads(files.values());
    }
    return { ok: false, reason: "failed", reply: submission.reply() };
  }
}

function rateLimited(
  retryAfterSeconds: number,
  reply: SubmissionResult<string[]>,
): Extract<EnquiryOutcome, { ok: false }> {
  return {
    ok: false,
    reason: "rate_limited",
    reply: { ...reply, status: "error", error: { ...(reply.error ?? {}), "": [RATE_LIMITED_MESSAGE] } },
    retryAfterSeconds,
  };
}
