import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CATALOG_SORT_LABELS, type CatalogParams, sortsFor } from "~/modules/products/catalog-params";
import type { CatalogOption } from "~/modules/products/queries.server";
import { useCatalogNavigate } from "./use-catalog-navigate";

type CatalogFiltersProps = {
  params: CatalogParams;
  brands: CatalogOption[];
  categories: CatalogOption[];
  /** Keeps ids unique when the form is on the page twice (side panel and sheet). */
  idPrefix: string;
};

type FilterValues = Pick<CatalogParams, "brand" | "category" | "inStock" | "sort">;

/**
 * Brand, category, In Stock Only and sort. A plain GET form (the server applies the rules and
 * starts again at page 1) with an Apply filters button; once the page is hydrated each change
 * applies at once and the button goes.
 */
export function CatalogFilters({ params, brands, categories, idPrefix }: CatalogFiltersProps) {
  const goTo = useCatalogNavigate();
  const hydrated = useHydrated();
  const { brand, category, inStock, sort } = params;
  const [values, setValues] = useState<FilterValues>({ brand, category, inStock, sort });
  // The server may change what was asked for (a brand's only category, a reset category): show
  // what it chose. Controlled fields keep focus where it was, which a remount would not.
  useEffect(() => {
    setValues({ brand, category, inStock, sort });
  }, [brand, category, inStock, sort]);

  function change(next: Partial<FilterValues>) {
    const merged = { ...values, ...next };
    setValues(merged);
    goTo({ q: params.q, ...merged });
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Form
      method="get"
      action="/catalog"
      aria-label="Product filters"
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        goTo({ q: params.q, ...values });
      }}
    >
      {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
      <div className="grid gap-2">
        <Label htmlFor={id("brand")}>Brand</Label>
        <NativeSelect
          id={id("brand")}
          name="brand"
          value={values.brand ?? ""}
          onChange={(event) => change({ brand: event.target.value || undefined })}
        >
          <NativeSelectOption value="">All brands</NativeSelectOption>
          {brands.map((brand) => (
            <NativeSelectOption key={brand.id} value={brand.id}>
              {brand.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id("category")}>Category</Label>
        <NativeSelect
          id={id("category")}
          name="category"
          value={values.category ?? ""}
          onChange={(event) => change({ category: event.target.value || undefined })}
        >
          <NativeSelectOption value="">All categories</NativeSelectOption>
          {categories.map((category) => (
            <NativeSelectOption key={category.id} value={category.name}>
              {category.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center gap-2">
        <NativeCheckbox
          id={id("in-stock")}
          name="inStock"
          value="true"
          checked={values.inStock}
          onChange={(event) => change({ inStock: event.target.checked })}
        />
        <Label htmlFor={id("in-stock")}>In Stock Only</Label>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id("sort")}>Sort by</Label>
        <NativeSelect
          id={id("sort")}
          name="sort"
          value={values.sort}
          onChange={(event) => change({ sort: event.target.value as CatalogParams["sort"] })}
        >
          {sortsFor(params.q).map((sort) => (
            <NativeSelectOption key={sort} value={sort}>
              {CATALOG_SORT_LABELS[sort]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/catalog" className="font-medium text-primary text-sm underline underline-offset-4">
          Clear filters
        </Link>
        {/* Last in the row, so that nothing moves when it goes. */}
        {hydrated ? null : <Button type="submit">Apply filters</Button>}
      </div>
    </Form>
  );
}
