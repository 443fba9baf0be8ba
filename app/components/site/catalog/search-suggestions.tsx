// The catalogue search box's suggestions (the combobox of ui/use-combobox.tsx): the categories
// and products the words so far find, from GET /search/suggestions. Choosing one opens it; Enter
// with none chosen searches as before. Without JavaScript the box is a plain search field.
import { useNavigate } from "react-router";
import { useCombobox } from "~/components/ui/use-combobox";

type Suggestions = {
  products: { name: string; slug: string; category: string | null; picture: string | null }[];
  categories: string[];
};

type Option = { key: string; href: string; label: string; detail: string; picture?: string | null };

function optionsOf(suggestions: Suggestions): Option[] {
  return [
    ...suggestions.categories.map((name) => ({
      key: `category:${name}`,
      href: `/catalog?category=${encodeURIComponent(name)}`,
      label: name,
      detail: "Category",
    })),
    ...suggestions.products.map((product) => ({
      key: `product:${product.slug}`,
      href: `/catalog/${product.slug}`,
      label: product.name,
      detail: product.category ?? "Product",
      picture: product.picture,
    })),
  ];
}

async function loadSuggestions(q: string, signal: AbortSignal) {
  const response = await fetch(`/search/suggestions?q=${encodeURIComponent(q)}`, { signal });
  return response.ok ? optionsOf((await response.json()) as Suggestions) : null;
}

export function useSearchSuggestions(term: string) {
  const navigate = useNavigate();
  return useCombobox<Option>({
    term,
    minLength: 2,
    load: loadSuggestions,
    choose: (option) => navigate(option.href),
    label: "Suggestions",
    render: (option) => (
      <>
        {option.picture !== undefined ? (
          option.picture ? (
            <img
              src={option.picture}
              alt=""
              width={40}
              height={40}
              className="size-10 shrink-0 rounded object-cover"
            />
          ) : (
            <span aria-hidden="true" className="size-10 shrink-0 rounded bg-stone-100" />
          )
        ) : null}
        <span className="grid min-w-0">
          <span className="truncate font-medium">{option.label}</span>
          <span className="truncate text-stone-600 text-xs">{option.detail}</span>
        </span>
      </>
    ),
  });
}
