// The two enquiry actions as routes use them: the outcome of submitEnquiry as a response.
import { data } from "react-router";
import { clearQuoteListCookie } from "~/modules/quote-list/quote-list.server";
import type { EnquiryActionData, EnquiryKind } from "./schema";
import { type EnquiryFailure, type SubmitOptions, submitEnquiry } from "./submit.server";

export type { EnquiryActionData };

// A storage or database failure is ours, not the visitor's: 503 says "try again", and the page
// still renders the form with its values and the field's error message.
const STATUS_FOR: Record<EnquiryFailure, number> = {
  invalid: 400,
  file_too_large: 413,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  rate_limited: 429,
  failed: 503,
};

async function respond(request: Request, kind: EnquiryKind, options: SubmitOptions) {
  const outcome = await submitEnquiry(request, kind, options);
  if (outcome.ok) {
    const headers = new Headers();
    // The quote list went with the enquiry. Spam gets the same answer as a person, cookie
    // included, so a bot cannot tell which of its posts tripped the defence.
    const cleared = kind === "contact" ? clearQuoteListCookie() : null;
    if (cleared) headers.append("Set-Cookie", cleared);
    return data({ kind, status: "success", result: outcome.reply } satisfies EnquiryActionData, { headers });
  }
  const status =
    outcome.reason === "failed" ? "failed" : outcome.reason === "rate_limited" ? "rate_limited" : "invalid";
  const headers = new Headers();
  if (outcome.reason === "method_not_allowed") headers.set("Allow", "GET, POST");
  if (outcome.retryAfterSeconds) headers.set("Retry-After", String(outcome.retryAfterSeconds));
  return data({ kind, status, result: outcome.reply } satisfies EnquiryActionData, {
    status: STATUS_FOR[outcome.reason],
    headers,
  });
}

export function contactEnquiryAction(request: Request, options: SubmitOptions = {}) {
  return respond(request, "contact", options);
}

export function quickEnquiryAction(request: Request, options: SubmitOptions = {}) {
  return respond(request, "quick", options);
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
