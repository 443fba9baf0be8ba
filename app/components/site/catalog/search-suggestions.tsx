// The catalogue search box's suggestions: an ARIA 1.2 combobox (the box) with a listbox popup of
// the categories and products the words so far find. Asked for 150 ms after the last key, a
// request still running when the words change is cancelled, and an answer for words no longer in
// the box is dropped. Arrow keys move through the options, Enter opens the one chosen (or, with
// none chosen, searches as before), Escape closes the list. Without JavaScript the box is a plain
// search field and the form submits as it always did.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { cn } from "~/lib/utils";
import { useHydrated } from "../case-studies/use-hydrated";

type Suggestions = {
  products: { name: string; slug: string; category: string | null; picture: string | null }[];
  categories: string[];
};

type Option = { key: string; href: string; label: string; detail: string; picture?: string | null };

const MIN_LENGTH = 2;
const DEBOUNCE_MS = 150;

function optionsOf(suggestions: Suggestions | null): Option[] {
  if (!suggestions) return [];
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

/** The suggestions for `term`, fetched as described above; null while there are none to show. */
function useSuggestions(term: string, enabled: boolean) {
  const [answer, setAnswer] = useState<{ term: string; suggestions: Suggestions } | null>(null);
  useEffect(() => {
    const q = term.trim();
    if (!enabled || q.length < MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/search/suggestions?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
        .then((suggestions) => {
          if (suggestions) setAnswer({ term: q, suggestions });
        })
        // A cancelled or failed request leaves the box as it is: searching still works.
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, enabled]);
  return answer && answer.term === term.trim() ? answer.suggestions : null;
}

/**
 * The combobox's parts for the search box: props to spread on the input, and the popup to render
 * after it (inside a positioned wrapper).
 */
export function useSearchSuggestions(term: string) {
  const listId = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(term, open);
  const options = optionsOf(suggestions);
  const shown = open && term.trim().length >= MIN_LENGTH && suggestions !== null;
  const expanded = shown && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  // Until the scripts run the box stays a plain search field: no popup would ever open.
  const hydrated = useHydrated();
  const lastTerm = useRef(term);
  if (lastTerm.current !== term) {
    lastTerm.current = term;
    if (active !== -1) setActive(-1);
  }

  function choose(option: Option) {
    setOpen(false);
    navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the box (-1) through the options and back to the box.
      setActive((current) => {
        const next = current + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === "Enter" && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const inputProps = hydrated
    ? ({
        role: "combobox",
        "aria-autocomplete": "list",
        "aria-expanded": expanded,
        "aria-controls": listId,
        "aria-activedescendant": activeOption ? `${listId}-${active}` : undefined,
        autoComplete: "off",
        onKeyDown,
        onFocus: () => setOpen(true),
        onInput: () => setOpen(true),
        onBlur: () => setOpen(false),
      } as const)
    : {};

  const popup = hydrated ? (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-md border bg-white py-1 text-stone-900 shadow-lg"
      >
        {options.map((option, index) => (
          <div
            key={option.key}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen on mouse down, before the box's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            onMouseMove={() => setActive(index)}
            className={cn(
              "flex cursor-pointer items-center gap-3 px-3 py-2 text-sm",
              index === active && "bg-stone-100",
            )}
          >
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
          </div>
        ))}
      </div>
      <p role="status" className="sr-only">
        {shown
          ? options.length > 0
            ? `${options.length} suggestion${options.length === 1 ? "" : "s"}: use the up and down arrows to choose one.`
            : "No suggestions."
          : ""}
      </p>
    </>
  ) : null;

  return { inputProps, popup };
}
