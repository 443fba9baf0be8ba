// Help for a catalogue search that found few products or none: "Did you mean …" (a spelling the
// catalogue's own words suggest), and for none, the categories its words lead to, the same search
// without the filters, and a way to ask the trade counter for it. Plain links: they work without
// JavaScript.
import { Link } from "react-router";
import { type CatalogParams, toCatalogSearch } from "~/modules/products/catalog-params";

/**
 * The contact page, prefilled to ask for something the catalogue search did not find: the
 * subject 'Product Information' and a message naming the search.
 */
function toSearchEnquiryHref(q: string) {
  const message = `I'm looking for "${q}" and couldn't find it in the catalogue. Can you help?`;
  return `/contact?subject=Product%20Information&message=${encodeURIComponent(message)}`;
}

/** "Did you mean plasterboard?", linking to the same view with the corrected search. */
export function DidYouMean({ params, suggestion }: { params: CatalogParams; suggestion: { q: string } }) {
  return (
    <p data-testid="did-you-mean" className="mb-4 rounded-lg border bg-muted/40 px-4 py-3">
      Did you mean{" "}
      <Link
        to={`/catalog${toCatalogSearch({ ...params, q: suggestion.q, page: 1 })}`}
        className="font-semibold text-primary underline underline-offset-4"
      >
        {suggestion.q}
      </Link>
      ?
    </p>
  );
}

type NoResultsHelpProps = {
  params: CatalogParams;
  categories: readonly { id: string; name: string }[];
  /** With filters set, how many products the search finds without them. */
  unfiltered: number | null;
};

/** Where a search that found nothing can go next. */
export function NoResultsHelp({ params, categories, unfiltered }: NoResultsHelpProps) {
  return (
    <div data-testid="search-help" className="grid w-full max-w-md gap-4 text-left">
      {unfiltered ? (
        <p>
          <Link
            to={`/catalog${toCatalogSearch({ q: params.q, sort: params.sort })}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            Search all products for “{params.q}”
          </Link>{" "}
          <span className="text-muted-foreground text-sm">
            ({unfiltered} product{unfiltered === 1 ? "" : "s"})
          </span>
        </p>
      ) : null}
      {categories.length > 0 ? (
        <nav aria-labelledby="search-help-categories">
          <h3 id="search-help-categories" className="font-semibold text-sm">
            Categories that match your search
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/catalog${toCatalogSearch({ category: category.name })}`}
                  className="inline-block rounded-full border px-3 py-1 text-sm hover:bg-muted"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="text-sm">
        Can't find what you need? We can often get it in.{" "}
        <Link
          to={toSearchEnquiryHref(params.q)}
          className="font-medium text-primary underline underline-offset-4"
        >
          Ask us for it
        </Link>
      </p>
    </div>
  );
}
