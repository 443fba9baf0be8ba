// The sections of a customer's account, as links (they work without JavaScript).
import { NavLink } from "react-router";
import { cx } from "~/lib/cx";

const SECTIONS = [
  { to: "/account", label: "Overview", end: true },
  { to: "/account/jobs", label: "Jobs", end: false },
  { to: "/account/quotes", label: "Quotes", end: false },
  { to: "/account/settings", label: "Sign-in and privacy", end: false },
] as const;

export function AccountNav() {
  return (
    <nav aria-label="My account" className="border-b">
      <ul className="-mb-px flex flex-wrap gap-1">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cx(
                  "inline-block border-b-2 px-3 py-2 font-medium text-sm",
                  isActive
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
