// The two enquiry forms as the intake (server/http/intake) takes them, and their answers:
//
//   export async function action(args: Route.ActionArgs) {
//     const form = await readForm(args, CONTACT_ENQUIRY);       // read, judged: spam rules too
//     if (!form.ok) return form.response;                       // 4xx / 429 / 503, nothing kept
//     const input = await enquiryOf("contact", form, args);
//     const done = await form.run(receiveEnquiry, input, SEND_FAILED);
//     if (!done.ok) return done.response;                       // 503, the form kept
//     return enquiryReceived("contact", form, args, input);     // 200 (429 when over the limit)
//   }
//
// Every answer is the same EnquiryActionData the forms read (kind, status, Conform's result),
// with the status code a script reads.
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { emptyQuoteList, readQuoteEntries } from "~/modules/quote-list/quote-list.server";
import type { FileRule } from "~/server/http/form-body.server";
import { InputError } from "~/server/http/input-error";
import type { AnySubmission, Refusal } from "~/server/http/judge.server";
import type { DetectedType } from "~/server/storage/file-signature";
import type { ReceiveEnquiryInput } from "./commands.server";
import { customerIdOf } from "./from-job.server";
import {
  contactEnquirySchema,
  type EnquiryActionData,
  type EnquiryKind,
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FILE_BYTES,
  PDF_WITH_SCRIPTS,
  quickEnquirySchema,
  RATE_LIMITED_MESSAGE,
  UNREADABLE_FORM,
} from "./schema";
import { type EnquiryScreening, enquiryScreen } from "./spam.server";

export type { EnquiryActionData };

/** jpeg, png, pdf, Word doc and docx, decided by the file's bytes. */
export const ENQUIRY_FILE_TYPES: readonly DetectedType[] = ["jpeg", "png", "pdf", "doc", "docx"];

/** The attachment: at most 10 MB, into the private bucket staff download it from. */
const ATTACHMENT: FileRule = {
  field: "file",
  bucket: "contact_uploads",
  maxBytes: MAX_FILE_BYTES,
  accept: ENQUIRY_FILE_TYPES,
};

/** The failure logged when an enquiry could not be stored. */
export const SEND_FAILED = "Failed to submit contact form";

const FILE_MESSAGE = {
  too_large: FILE_TOO_LARGE,
  wrong_type: INVALID_FILE_TYPE,
  active_content: PDF_WITH_SCRIPTS,
} as const;

function answer(
  kind: EnquiryKind,
  status: EnquiryActionData["status"],
  result: SubmissionResult<string[]>,
  init: ResponseInit = {},
) {
  return data({ kind, status, result } satisfies EnquiryActionData, init);
}

function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

/** The form shown again with the rate limit's message, for the visitor to send later. */
function rateLimited(kind: EnquiryKind, submission: AnySubmission, retryAfterSeconds: number | undefined) {
  const reply = submission.reply();
  const result: SubmissionResult<string[]> = {
    ...reply,
    status: "error",
    error: { ...(reply.error ?? {}), "": [RATE_LIMITED_MESSAGE] },
  };
  return answer(kind, "rate_limited", result, {
    status: 429,
    headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  });
}

/**
 * A refused enquiry: the field messages and the values as sent (so a page without JavaScript can
 * show them again), with the status a script reads. A storage or database failure is ours, not
 * the visitor's: 503 says "try again", and the page still renders the form with its values.
 */
function enquiryRefused(kind: EnquiryKind) {
  return (refused: Refusal) => {
    const { submission } = refused;
    switch (refused.reason) {
      case "method":
        return answer(kind, "invalid", formError(UNREADABLE_FORM), {
          status: 405,
          headers: { Allow: "GET, POST" },
        });
      case "not_a_form":
        return answer(kind, "invalid", formError(UNREADABLE_FORM), { status: 415 });
      case "unreadable":
      case "too_many_fields":
      case "too_large":
        return answer(kind, "invalid", formError(UNREADABLE_FORM), { status: 400 });
      case "file": {
        const problem = refused.file?.problem ?? "wrong_type";
        const fieldErrors = { [refused.file?.field ?? "file"]: [FILE_MESSAGE[problem]] };
        return answer(kind, "invalid", submission.reply({ fieldErrors }), {
          status: problem === "too_large" ? 413 : 400,
        });
      }
      case "screened":
        return rateLimited(kind, submission, refused.retryAfterSeconds);
      case "failed":
        // A refusal the command made (a job that is not the sender's) is theirs: 400, its message.
        if (refused.error instanceof InputError)
          return answer(kind, "invalid", submission.reply({ formErrors: [refused.error.message] }), {
            status: 400,
          });
        return answer(kind, "failed", submission.reply(), { status: 503 });
      default:
        return answer(
          kind,
          "invalid",
          submission.reply({ fieldErrors: refused.fieldErrors, formErrors: refused.formErrors }),
          { status: 400 },
        );
    }
  };
}

function enquiryForm<Schema extends typeof contactEnquirySchema | typeof quickEnquirySchema>(
  kind: EnquiryKind,
  schema: Schema,
) {
  return {
    access: "anyone",
    schema,
    files: [ATTACHMENT],
    // Room for the longest message in 4-byte characters; anything longer is refused unread.
    limits: { maxFields: 20, maxFieldBytes: 32 * 1024 },
    screen: enquiryScreen,
    // These forms post no Conform intents: one sent anyway is not read.
    conformIntents: false,
    answer: enquiryRefused(kind),
  } as const;
}

/** The contact page's form, for readForm. */
export const CONTACT_ENQUIRY = enquiryForm("contact", contactEnquirySchema);
/** The home page's quick form, for readForm: its subject is fixed, so none posted is read. */
export const QUICK_ENQUIRY = enquiryForm("quick", quickEnquirySchema);

type TakenEnquiry = {
  value: ReceiveEnquiryInput["value"];
  screening: EnquiryScreening;
  files: ReadonlyMap<string, { path: string }>;
  actor: { origin: { ip: string | null } };
  receivedAt: Date;
};

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The receiveEnquiry command's input for a taken form. A signed-in customer's enquiry names their
 * account (read from the session); the job the contact form names is checked by the command.
 */
export async function enquiryOf(
  kind: EnquiryKind,
  form: TakenEnquiry,
  { request }: Args,
): Promise<ReceiveEnquiryInput> {
  const job = kind === "contact" ? form.value.job?.trim() : undefined;
  return {
    kind,
    value: form.value,
    screening: form.screening,
    attachment: form.files.get(ATTACHMENT.field)?.path ?? null,
    // The list as the cookie has it: resolved once, by the command, as it stores the lines.
    quoteList: kind === "contact" && !job ? readQuoteEntries(request) : [],
    sender: { userId: await customerIdOf(request), jobId: job || null },
    clientIp: form.actor.origin.ip,
    receivedAt: form.receivedAt,
  };
}

/**
 * The answer to a stored enquiry. Over the rate limit it was only kept as evidence: 429. Else
 * success, and the contact form's quote list went with it: emptied (the cookie, and the list the
 * page drawn after this post shows); an enquiry sent from a job took the job's list, not the
 * quote list, which is kept. Spam gets the same answer as a person, cookie included, so
 * a bot cannot tell which of its posts tripped the defence.
 */
export function enquiryReceived(
  kind: EnquiryKind,
  form: { screening: EnquiryScreening; submission: AnySubmission },
  { context }: Args,
  input: Pick<ReceiveEnquiryInput, "sender">,
) {
  const { spam, retryAfterSeconds } = form.screening;
  if (spam === "rate_limit") return rateLimited(kind, form.submission, retryAfterSeconds);
  const headers = new Headers();
  if (kind === "contact" && input.sender.jobId === null)
    headers.append("Set-Cookie", emptyQuoteList(context));
  return answer(kind, "success", form.submission.reply({ resetForm: true }), { headers });
}

/**
 * For the enquiry routes' `headers` export: React Router passes an action's Set-Cookie on by
 * itself, but any other header only through the route's headers function. Without this a 429
 * would reach the browser with no Retry-After, and a 405 with no Allow.
 */
export function enquiryHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const headers = new Headers();
  for (const name of ["Retry-After", "Allow"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
