// The quote list in the browser. The `tc_quote` cookie is the only copy: the server reads it for
// every page (the header's count is in the first HTML) and the forms below post to /quote-list.
// With JavaScript a form posts through a fetcher and the page's loaders revalidate; without it
// the same form posts and comes back to the page. No localStorage mirror: a second copy could
// disagree with the one the server sends with the enquiry. Another tab's change is picked up
// when this tab is shown again, by comparing the cookie with the one this page was drawn from.
import type * as React from "react";
import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator, useRouteLoaderData } from "react-router";
import { readQuoteListValue } from "~/modules/quote-list/quote-list-cookie";
import type { QuoteListResult, QuoteListSummary } from "~/modules/quote-list/schema";

const EMPTY: QuoteListSummary = { count: 0, quantities: {} };

/** The count and quantities the public layout read from the cookie. */
export function useQuoteListSummary(): QuoteListSummary {
  const layout = useRouteLoaderData("routes/public/layout") as { quoteList?: QuoteListSummary } | undefined;
  return layout?.quoteList ?? EMPTY;
}

/**
 * A form to /quote-list posted through a fetcher. The form keeps its `redirectTo` for the post
 * without JavaScript; dropping it here asks the server for JSON instead of a redirect.
 */
export function useQuoteListForm(onResult: (result: QuoteListResult) => void) {
  const fetcher = useFetcher<QuoteListResult>();
  const latest = useRef(onResult);
  latest.current = onResult;
  const handled = useRef<QuoteListResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    latest.current(result);
  }, [fetcher.data]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    formData.delete("redirectTo");
    fetcher.submit(formData, { method: "post", action: "/quote-list" });
  }

  return { fetcher, onSubmit, busy: fetcher.state !== "idle" };
}

/** Redraws the page when the list was changed in another tab while this one was hidden. */
export function useQuoteListTabSync(summary: QuoteListSummary) {
  const { revalidate } = useRevalidator();
  const seen = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new summary means the page was redrawn from the cookie
  useEffect(() => {
    seen.current = readQuoteListValue(document.cookie);
  }, [summary]);
  useEffect(() => {
    function check() {
      if (document.visibilityState !== "visible") return;
      const now = readQuoteListValue(document.cookie);
      if (now === seen.current) return;
      seen.current = now;
      void revalidate();
    }
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [revalidate]);
}
