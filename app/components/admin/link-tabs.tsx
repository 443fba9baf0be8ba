// Tabs that are links (?tab=…, or a page of its own with `href`): the open tab lives in the URL,
// so it works without JavaScript, survives a reload and can be shared. Following a tab drops the
// other tab's search and page.
//
//   <LinkTabs label="Settings sections" current={tab}
//     tabs={[{ value: "brands", label: "Brands Management" }, { value: "hero", label: "Hero Settings" }]} />
import { Link } from "react-router";
import { cn } from "~/lib/utils";

export function LinkTabs<Value extends string>(props: {
  label: string;
  current: Value;
  tabs: readonly { value: Value; label: string; href?: string }[];
  param?: string;
  /** Other parameters each tab link carries (e.g. a filter). */
  keep?: Record<string, string>;
  /** The current tab is a section the page lies within, not the page itself (aria-current). */
  within?: boolean;
  className?: string;
}) {
  const param = props.param ?? "tab";
  return (
    // The tabs wrap onto a second line on a narrow screen: every tab stays in view.
    <nav aria-label={props.label} className={cn("max-w-full", props.className)}>
      <ul className="inline-flex min-h-9 w-fit max-w-full flex-wrap items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
        {props.tabs.map((tab) => {
          const active = tab.value === props.current;
          const search = new URLSearchParams({ ...props.keep, [param]: tab.value });
          return (
            <li key={tab.value} className="h-[calc(--spacing(9)-6px)]">
              <Link
                to={tab.href ?? `?${search.toString()}`}
                aria-current={active ? (props.within ? "true" : "page") : undefined}
                preventScrollReset={!tab.href}
                className={cn(
                  "inline-flex h-full items-center whitespace-nowrap rounded-md px-3 font-medium text-sm outline-hidden transition-[color,box-shadow]",
                  "hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  active && "bg-background text-foreground shadow-sm",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
