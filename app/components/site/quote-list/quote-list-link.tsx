import { Link } from "react-router";
import { ClipboardList } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import { useQuoteListSummary, useQuoteListTabSync } from "./use-quote-list";

/** Where the quote list is: the contact page's panel. */
export const QUOTE_LIST_HREF = "/contact#quote-list";

export function describeQuoteCount(count: number) {
  return `${count} product${count === 1 ? "" : "s"}`;
}

/**
 * The header's way to the list, with its count: read from the cookie by the server, so it is in the first HTML.
 * `labelClassName` says from which width the words "Quote list" show beside the icon.
 */
export function QuoteListLink({
  className,
  labelClassName = "hidden xl:inline",
}: {
  className?: string;
  labelClassName?: string;
}) {
  const summary = useQuoteListSummary();
  useQuoteListTabSync(summary);
  const { count } = summary;
  return (
    <Link
      to={QUOTE_LIST_HREF}
      aria-label={`Quote list, ${describeQuoteCount(count)}`}
      className={cx("header-link relative shrink-0 px-2 py-2 font-semibold text-sm", className)}
    >
      <ClipboardList aria-hidden="true" className="size-5" />
      <span className={labelClassName}>Quote list</span>
      <span
        aria-hidden="true"
        className={cx(
          "min-w-5 rounded-full px-1.5 text-center font-bold text-xs leading-5",
          count > 0 ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
        )}
      >
        {count}
      </span>
    </Link>
  );
}
