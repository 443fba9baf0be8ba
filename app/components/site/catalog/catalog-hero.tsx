import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Search } from "~/components/ui/sprite-icons";
import { type CatalogParams, defaultSort, SEARCH_MAX_LENGTH } from "~/modules/products/catalog-params";
import { useSearchSuggestions } from "./search-suggestions";
import { useCatalogNavigate } from "./use-catalog-navigate";

/** The page heading and the search box; a search keeps the other filters and returns to page 1. */
export function CatalogHero({ params }: { params: CatalogParams }) {
  const goTo = useCatalogNavigate();
  const [term, setTerm] = useState(params.q);
  // Show the term the server actually used (trimmed, shortened, or cleared by a link), in the
  // same render that shows its results, so typing right after a navigation is never overwritten.
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    setShownQ(params.q);
    setTerm(params.q);
  }
  // An order chosen by the visitor stays with a new search; the default order is the new view's.
  const chosenSort = params.sort === defaultSort(params.q) ? undefined : params.sort;
  const suggestions = useSearchSuggestions(term);
  return (
    <section className="bg-stone-900 text-white">
      <div className="container mx-auto px-4 py-12 md:py-16">
        <h1 className="font-extrabold text-3xl sm:text-4xl">Product Catalogue</h1>
        <p className="mt-3 max-w-2xl text-lg text-stone-300">
          Timber, roofing, cladding, insulation, tools and hardware for the trade. Contact us for pricing.
        </p>
        <Form
          method="get"
          action="/catalog"
          role="search"
          className="mt-6 flex max-w-2xl gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            goTo({ ...params, q: term.trim(), sort: chosenSort }, { preventScrollReset: false });
          }}
        >
          <label htmlFor="catalog-search" className="sr-only">
            Search products
          </label>
          <div className="relative flex-1">
            <Input
              id="catalog-search"
              type="search"
              name="q"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search products..."
              className="h-11 bg-white text-stone-900 placeholder:text-stone-500"
              {...suggestions.inputProps}
            />
            {suggestions.popup}
          </div>
          {params.brand ? <input type="hidden" name="brand" value={params.brand} /> : null}
          {params.category ? <input type="hidden" name="category" value={params.category} /> : null}
          {params.inStock ? <input type="hidden" name="inStock" value="true" /> : null}
          {chosenSort ? <input type="hidden" name="sort" value={chosenSort} /> : null}
          <Button type="submit" size="lg" className="h-11">
            <Search aria-hidden="true" />
            Search
          </Button>
        </Form>
      </div>
    </section>
  );
}
