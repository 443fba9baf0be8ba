// The offer a signed-in customer sees while their browser holds a quote list: keep it in a job.
// It is only ever made, never acted on, until the customer chooses; "Not now" hides it for the
// rest of the browser session (a session cookie on the account's pages).
import type { RouterContextProvider } from "react-router";
import { getQuoteListForPage } from "../quote-list/quote-list.server";

const NOT_NOW_COOKIE = "tc_job_offer";
const COOKIE_PATH = "Path=/account; SameSite=Lax; HttpOnly";

export type QuoteListOffer = { count: number };

function saidNotNow(request: Request) {
  const header = request.headers.get("cookie") ?? "";
  return header.split(";").some((pair) => pair.trim() === `${NOT_NOW_COOKIE}=later`);
}

/** The offer, when the browser holds a quote list of products still in the catalogue. */
export async function getQuoteListOffer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<QuoteListOffer | null> {
  if (saidNotNow(request)) return null;
  const items = await getQuoteListForPage(request, context);
  return items.length > 0 ? { count: items.length } : null;
}

/** The Set-Cookie value that hides the offer until the browser is closed. */
export function notNowCookie() {
  return `${NOT_NOW_COOKIE}=later; ${COOKIE_PATH}`;
}
