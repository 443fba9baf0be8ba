// A valid enquiry as a person would fill it in, and the two enquiry actions as React Router runs
// them (the contact and home routes), shared by the enquiry tests.
import { RouterContextProvider } from "react-router";
import { action as contactAction } from "~/routes/public/contact";
import { action as homeAction } from "~/routes/public/home";
import { clientIpContext, receivedAtContext } from "~/server/security/request-context";

export const VALID_ENQUIRY = {
  fullName: "Aroha Ngata",
  email: "aroha@example.co.nz",
  phone: "021 555 0101",
  subject: "Quote Request",
  message: "Please quote 40 lengths of 90x45 H3.2 framing.",
};

export type EnquiryOptions = {
  /** The sender's address (the rate limit's key). */
  clientIp?: string;
  /** When the post arrived (rate windows, fill time); now when unset. */
  now?: Date;
  /** The request's context, shared with the loaders that run after the action. */
  context?: RouterContextProvider;
};

function argsFor(request: Request, options: EnquiryOptions) {
  const context = options.context ?? new RouterContextProvider();
  context.set(clientIpContext, options.clientIp ?? "unknown");
  if (options.now) context.set(receivedAtContext, options.now);
  return { request, context, params: {} } as never;
}

/** The contact page's action, as the route runs it. */
export function contactEnquiryAction(request: Request, options: EnquiryOptions = {}) {
  return contactAction(argsFor(request, options));
}

/** The home page's quick enquiry action, as the route runs it. */
export function quickEnquiryAction(request: Request, options: EnquiryOptions = {}) {
  return homeAction(argsFor(request, options));
}
