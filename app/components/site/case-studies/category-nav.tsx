import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cx } from "~/lib/cx";

type CategoryNavProps = {
  /** The page the links point at, e.g. "/case-study". */
  basePath: string;
  categories: { id: string; name: string }[];
  activeName: string | null;
  /** Names the navigation for screen readers, e.g. "Case study categories". */
  label: string;
  /**
   * Under 768px: a dropdown in place of the tabs, or the same tabs in a row that scrolls sideways
   * when it is wider than the screen.
   */
  phones: "dropdown" | "tabs";
};

function hrefFor(basePath: string, name: string | null) {
  return name ? `${basePath}?category=${encodeURIComponent(name)}` : basePath;
}

/**
 * Category filter as real links (tabs; on phones a dropdown or the tabs scrolling sideways), so it
 * works without JavaScript and the server does the filtering. The current one carries
 * aria-current. Nothing is shown when there are no categories.
 */
export function CategoryNav({ basePath, categories, activeName, label, phones }: CategoryNavProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const items = [{ id: "all", name: null as string | null, label: "All" }].concat(
    categories.map((c) => ({ id: c.id, name: c.name, label: c.name })),
  );
  // With no categories there is nothing to choose between.
  if (categories.length === 0) return null;
  return (
    <div className="mb-8">
      <nav
        aria-label={label}
        className={
          phones === "dropdown" ? "hidden md:block" : "max-md:-mx-4 max-md:overflow-x-auto max-md:px-4"
        }
      >
        <ul
          className={cx(
            "inline-flex gap-1 rounded-lg bg-muted p-1",
            phones === "dropdown" ? "flex-wrap" : "max-md:w-max md:flex-wrap",
          )}
        >
          {items.map((item) => {
            const current = (item.name ?? null) === activeName;
            return (
              <li key={item.id}>
                <Link
                  to={hrefFor(basePath, item.name)}
                  preventScrollReset
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "inline-flex h-9 items-center whitespace-nowrap rounded-md px-4 font-medium text-sm transition-colors",
                    "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                    current
                      ? "bg-background text-foreground shadow-sm"
                      : "text-muted-foreground hover:bg-background/60 hover:text-foreground",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {phones === "dropdown" && (
        <Form method="get" action={basePath} className="flex items-end gap-2 md:hidden" preventScrollReset>
          <div className="grid w-full gap-1.5">
            <label htmlFor={`${basePath.slice(1)}-category`} className="font-medium text-sm">
              {label}
            </label>
            <NativeSelect
              id={`${basePath.slice(1)}-category`}
              name="category"
              value={activeName ?? ""}
              onChange={(event) =>
                navigate(hrefFor(basePath, event.currentTarget.value || null), { preventScrollReset: true })
              }
            >
              {items.map((item) => (
                <NativeSelectOption key={item.id} value={item.name ?? ""}>
                  {item.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          {!hydrated && (
            <Button type="submit" variant="outline">
              Show
            </Button>
          )}
        </Form>
      )}
    </div>
  );
}
