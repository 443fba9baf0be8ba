// The two enquiry actions as routes use them: the outcome of submitEnquiry as a response.
import { data } from "react-router";
import type { EnquiryActionData, EnquiryKind } from "./schema";
import { type EnquiryFailure, submitEnquiry } from "./submit.server";

export type { EnquiryActionData };

// A storage or database failure is ours, not the visitor's: 503 says "try again", and the page
// still renders the form with its values and the spec's error message.
const STATUS_FOR: Record<EnquiryFailure, number> = {
  invalid: 400,
  file_too_large: 413,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  failed: 503,
};

async function respond(request: Request, kind: EnquiryKind) {
  const outcome = await submitEnquiry(request, kind);
  if (outcome.ok) {
    return data({ kind, status: "success", result: outcome.reply } satisfies EnquiryActionData);
  }
  const status = outcome.reason === "failed" ? "failed" : "invalid";
  const headers: HeadersInit = outcome.reason === "method_not_allowed" ? { Allow: "GET, POST" } : {};
  return data({ kind, status, result: outcome.reply } satisfies EnquiryActionData, {
    status: STATUS_FOR[outcome.reason],
    headers,
  });
}

export function contactEnquiryAction(request: Request) {
  return respond(request, "contact");
}

export function quickEnquiryAction(request: Request) {
  return respond(request, "quick");
}
