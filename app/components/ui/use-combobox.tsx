// An ARIA 1.2 combobox over a text box: a listbox popup of options fetched for the words typed,
// asked for 150 ms after the last key; a request still running when the words change is
// cancelled, and an answer for words no longer in the box is dropped. Arrow keys move through the
// options and back to the box (aria-activedescendant), Enter chooses the active option (with none
// active the key does what it did: a form submits), Escape closes the list, the mouse chooses on
// mouse-down (before the box's blur closes the list). A status region says how many options there
// are. Until the page's scripts run the box keeps its own role: no popup is promised that could
// never open.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/utils";

const DEBOUNCE_MS = 150;

export type ComboboxOption = { key: string };

export function useCombobox<Option extends ComboboxOption>(props: {
  term: string;
  /** Fewer characters than this ask for nothing. */
  minLength: number;
  load: (q: string, signal: AbortSignal) => Promise<Option[] | null>;
  choose: (option: Option) => void;
  render: (option: Option) => ReactNode;
  label: string;
  /** Closes the list once an option is chosen (a picker that stays on the page clears its box). */
  className?: string;
}) {
  const { term, minLength, load } = props;
  const listId = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [answer, setAnswer] = useState<{ term: string; options: Option[] } | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const q = term.trim();
    if (!open || q.length < minLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadRef
        .current(q, controller.signal)
        .then((options) => {
          if (options) setAnswer({ term: q, options });
        })
        // A cancelled or failed request leaves the box as it is.
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, open, minLength]);

  const lastTerm = useRef(term);
  if (lastTerm.current !== term) {
    lastTerm.current = term;
    if (active !== -1) setActive(-1);
  }

  const current = answer && answer.term === term.trim() ? answer.options : null;
  const options = current ?? [];
  const shown = open && term.trim().length >= minLength && current !== null;
  const expanded = shown && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  function choose(option: Option) {
    setOpen(false);
    setActive(-1);
    props.choose(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the box (-1) through the options and back to the box.
      setActive((at) => {
        const next = at + step;
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
        aria-label={props.label}
        hidden={!expanded}
        className={cn(
          "absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-md border bg-white py-1 text-stone-900 shadow-lg",
          props.className,
        )}
      >
        {options.map((option, index) => (
          <div
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
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
            {props.render(option)}
          </div>
        ))}
      </div>
      <p role="status" className="sr-only">
        {shown
          ? options.length > 0
            ? `${options.length} ${options.length === 1 ? "option" : "options"}: use the up and down arrows to choose one.`
            : "Nothing found."
          : ""}
      </p>
    </>
  ) : null;

  return { inputProps, popup };
}
