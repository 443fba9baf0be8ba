// /quote-list: the visitor's quote list (kept in their `tc_quote` cookie). GET answers it as JSON;
// POST changes it with an intent (add, set, remove, clear). A fetcher (JavaScript) gets JSON back;
// a plain form post (no JavaScript) carries `redirectTo`, the page it came from, and is sent back
// there (303) with the new cookie and a flash message, so the list works with scripts off.

import { readQuoteListBody, runQuoteListIntent } from "~/modules/quote-list/intents.server";
import { getQuoteListItems } from "~/modules/quote-list/quote-list.server";
import { type QuoteListResult, quoteListReturnPath } from "~/modules/quote-list/schema";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/quote-list";

const NO_STORE = { "Cache-Control": "no-store" };

function refuse(status: number, error: string, headers: HeadersInit = {}) {
  return Response.json({ ok: false, error } satisfies QuoteListResult, {
    status,
    headers: { ...NO_STORE, ...headers },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const items = await getQuoteListItems(request, context);
  return Response.json({ ok: true, intent: null, count: items.length, items } satisfies QuoteListResult, {
    headers: NO_STORE,
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return refuse(405, "Method not allowed", { Allow: "GET, POST" });
  const body = await readQuoteListBody(request);
  if (!body.ok) return refuse(body.status, body.error);

  const outcome = await runQuoteListIntent(request, body.formData);
  const redirectTo = body.formData.get("redirectTo");
  if (redirectTo !== null) {
    const headers = new Headers();
    if (outcome.ok) headers.append("Set-Cookie", outcome.setCookie);
    return redirectWithToast(quoteListReturnPath(redirectTo), outcome.toast, { status: 303, headers });
  }
  if (!outcome.ok) return refuse(400, outcome.result.error);
  return Response.json(outcome.result, { headers: { ...NO_STORE, "Set-Cookie": outcome.setCookie } });
}
