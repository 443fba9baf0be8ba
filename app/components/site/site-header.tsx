import { useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Menu, Phone, X } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import { type ContactInfo, toTelHref } from "~/modules/content/contact-info";
import { Logo } from "./logo";
import { QuoteListLink } from "./quote-list/quote-list-link";
import { FacebookIcon as Facebook, InstagramIcon as Instagram } from "./social-icons";

type HeaderUser = { role: string } | null;

const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/catalog", label: "Catalogs" },
  { to: "/case-study", label: "Case Studies" },
  { to: "/certifications", label: "Certifications" },
  { to: "/contact", label: "Contact" },
] as const;

type NavItem = { to: string; label: string };

function navItems(user: HeaderUser): NavItem[] {
  const staff = user?.role === "admin" || user?.role === "sales";
  if (staff) return [...NAV_LINKS, { to: "/admin", label: "Dashboard" }];
  // A signed-in customer's own jobs, quotes and details.
  if (user) return [...NAV_LINKS, { to: "/account", label: "My account" }];
  return [...NAV_LINKS];
}

/**
 * The width from which the whole header fits on one line; below it the navigation collapses to
 * the menu. Signed-in visitors have Sign Out (and staff Dashboard, customers My account) as well, so they need more room
 * and see the words "Quote list" only on the widest screens.
 * Written out in full so Tailwind finds every class.
 */
const WIDE = {
  visitor: {
    inlineFlex: "lg:inline-flex",
    block: "lg:block",
    hidden: "lg:hidden",
    label: "hidden xl:inline",
  },
  signedIn: {
    inlineFlex: "xl:inline-flex",
    block: "xl:block",
    hidden: "xl:hidden",
    label: "hidden 2xl:inline",
  },
} as const;

export function SiteHeader({ user, contact }: { user: HeaderUser; contact: ContactInfo }) {
  const items = navItems(user);
  const location = useLocation();
  const wide = user ? WIDE.signedIn : WIDE.visitor;
  return (
    <header data-testid="site-header" className="sticky top-0 z-40 border-b bg-background print:hidden">
      <a
        href="#main"
        className="skip-link sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <div className="container mx-auto flex h-16 items-center gap-2 px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label="Trade Counter home">
          <Logo />
        </Link>
        <nav aria-label="Main" className={cx("ml-2 hidden", wide.block)}>
          <ul className="flex items-center gap-0.5">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className="nav-link px-2.5" prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-0.5">
          {SOCIAL_LINKS.map((social) => (
            <SocialLink
              key={social.key}
              href={contact.socialLinks[social.key]}
              social={social}
              className={cx("hidden p-2", wide.inlineFlex)}
            />
          ))}
          <a
            href={toTelHref(contact.phone)}
            data-testid="header-phone"
            className="header-link p-2 font-semibold text-sm"
          >
            <Phone aria-hidden className="size-4" />
            <span className="hidden sm:inline">{contact.phone}</span>
            <span className="sr-only sm:hidden">Call us on {contact.phone}</span>
          </a>
          <QuoteListLink labelClassName={wide.label} />
          {user ? (
            <Form method="post" action="/auth/sign-out" className={cx("ml-1 hidden", wide.block)}>
              <Button type="submit" variant="outline" size="sm" className="whitespace-nowrap">
                Sign Out
              </Button>
            </Form>
          ) : null}
          {/* A new menu, closed, on every page: however the visitor got there. */}
          <MobileMenu
            key={location.key}
            items={items}
            contact={contact}
            signedIn={user !== null}
            className={wide.hidden}
          />
        </div>
      </div>
    </header>
  );
}

const SOCIAL_LINKS = [
  { key: "facebook", name: "Facebook", Icon: Facebook },
  { key: "instagram", name: "Instagram", Icon: Instagram },
] as const;

/**
 * A social link opens in a new tab; its name says so. `label` shows the network's name beside the
 * icon. `className` gives its display (inline-flex, or hidden up to a width).
 */
function SocialLink({
  href,
  social: { name, Icon },
  label = false,
  className,
}: {
  href: string;
  social: (typeof SOCIAL_LINKS)[number];
  label?: boolean;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Trade Counter on ${name} (opens in a new tab)`}
      className={cx("header-link", className)}
    >
      <Icon className="size-5" />
      {label ? <span className="font-medium text-sm">{name}</span> : null}
    </a>
  );
}

/**
 * Below the width where the header fits on one line, the navigation collapses to this menu: a
 * <details> element, so that it opens and closes without JavaScript too.
 */
function MobileMenu({
  items,
  contact,
  signedIn,
  className,
}: {
  items: NavItem[];
  contact: ContactInfo;
  signedIn: boolean;
  className: string;
}) {
  // Left to the browser to open and close (so it works before and without JavaScript); closed here
  // when a link is chosen or Escape is pressed. The <details> has its button's size itself: a
  // browser may paint the page while it has read the <details> tag but not yet its <summary>, with
  // its own "Details" label in the place, and the header must not move when the button arrives.
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details
      ref={ref}
      data-testid="mobile-menu"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !event.currentTarget.open) return;
        close();
        event.currentTarget.querySelector("summary")?.focus();
      }}
      className={cx("group size-10 shrink-0", className)}
    >
      <summary className="menu-button">
        <Menu aria-hidden className="size-5 group-open:hidden" />
        <X aria-hidden className="hidden size-5 group-open:block" />
        <span className="sr-only">Menu</span>
      </summary>
      {/* Hangs below the sticky header, scrolling by itself if the screen is shorter than the menu. */}
      <div className="menu-panel">
        <nav aria-label="Mobile" className="container mx-auto px-4 py-3">
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.to} className="grid">
                <NavLink to={item.to} end={item.to === "/"} className="nav-link" onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="container mx-auto flex flex-wrap items-center gap-x-2 gap-y-1 border-t px-4 py-3">
          <a href={toTelHref(contact.phone)} className="header-link px-3 py-2 font-semibold text-sm">
            <Phone aria-hidden className="size-4" />
            {contact.phone}
          </a>
          {SOCIAL_LINKS.map((social) => (
            <SocialLink
              key={social.key}
              href={contact.socialLinks[social.key]}
              social={social}
              label
              className="inline-flex px-3 py-2"
            />
          ))}
        </div>
        {signedIn ? (
          <Form method="post" action="/auth/sign-out" className="container mx-auto border-t px-4 py-3">
            <Button type="submit" variant="outline" size="sm" className="w-full" onClick={close}>
              Sign Out
            </Button>
          </Form>
        ) : null}
      </div>
    </details>
  );
}
