import { Menu, Phone, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { type ContactInfo, toTelHref } from "~/modules/content/contact-info";
import { Logo } from "./logo";
import { QuoteListLink } from "./quote-list/quote-list-link";
import { FacebookIcon as Facebook, InstagramIcon as Instagram } from "./social-icons";

type HeaderUser = { role: string } | null;

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/catalog", label: "Catalogs" },
  { to: "/case-study", label: "Case Studies" },
  { to: "/certifications", label: "Certifications" },
  { to: "/contact", label: "Contact" },
] as const;

function navItems(user: HeaderUser) {
  const staff = user?.role === "admin" || user?.role === "sales";
  return staff ? [...NAV_LINKS, { to: "/admin", label: "Dashboard" }] : [...NAV_LINKS];
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground",
    isActive ? "bg-accent text-accent-foreground" : "text-foreground",
  );
}

export function SiteHeader({ user, contact }: { user: HeaderUser; contact: ContactInfo }) {
  const [open, setOpen] = useState(false);
  const items = navItems(user);
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <a
        href="#main"
        className="skip-link sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <div className="container mx-auto flex h-16 items-center gap-4 px-4">
        <Link to="/" className="flex items-center gap-2" aria-label="Trade Counter home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={navLinkClass} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <a
            href={contact.socialLinks.facebook}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Trade Counter on Facebook (opens in a new tab)"
            className="hidden rounded-md p-2 hover:bg-accent sm:inline-flex"
          >
            <Facebook aria-hidden className="size-5" />
          </a>
          <a
            href={contact.socialLinks.instagram}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Trade Counter on Instagram (opens in a new tab)"
            className="hidden rounded-md p-2 hover:bg-accent sm:inline-flex"
          >
            <Instagram aria-hidden className="size-5" />
          </a>
          <a
            href={toTelHref(contact.phone)}
            className="inline-flex items-center gap-2 rounded-md px-2 py-2 font-semibold text-sm hover:bg-accent"
          >
            <Phone aria-hidden className="size-4" />
            <span className="hidden lg:inline">{contact.phone}</span>
            <span className="sr-only lg:hidden">Call us on {contact.phone}</span>
          </a>
          <QuoteListLink />
          {user ? (
            <Form method="post" action="/auth/sign-out" className="hidden md:block">
              <Button type="submit" variant="outline" size="sm">
                Sign Out
              </Button>
            </Form>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      <nav
        id="mobile-nav"
        aria-label="Mobile"
        className={cn("border-t md:hidden", open ? "block" : "hidden")}
      >
        <ul className="container mx-auto grid gap-1 px-4 py-3">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={navLinkClass}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {user ? (
            <li>
              <Form method="post" action="/auth/sign-out">
                <Button type="submit" variant="outline" size="sm" className="mt-2 w-full">
                  Sign Out
                </Button>
              </Form>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
