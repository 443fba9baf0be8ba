// The back office's sidebar items and who may open them. The server enforces the same rules
// (requireStaff / requireAdmin in every loader and action); this list only mirrors them.
import type { LucideIcon } from "lucide-react";
import {
  AwardIcon,
  BookOpenIcon,
  ContactIcon,
  HouseIcon,
  LayoutDashboardIcon,
  MailIcon,
  PackageIcon,
  ReceiptTextIcon,
  ScrollTextIcon,
  SettingsIcon,
  UsersIcon,
} from "lucide-react";
import { type Role, STAFF_ROLES } from "~/lib/vocabulary";

export type AdminNavItem = {
  title: string;
  href: string;
  icon: LucideIcon;
  roles: readonly Role[];
  /** Other paths under which this item is the current one (e.g. /admin/home for Home Management). */
  alsoActiveFor?: readonly string[];
  /** Staff without the role who open it see its Access Denied screen (403), not a redirect. */
  deniedScreen?: boolean;
  /** Open to sales as well when an admin lets sales quote (Settings > Quotes). */
  quoting?: boolean;
  /** A count the admin layout reads, shown beside the item, and what it means in words. */
  count?: { key: keyof NavCounts; label: (n: number) => string };
};

/** The sidebar's counts, read by the admin layout's loader (null when not read or failed). */
export type NavCounts = { newEnquiries: number | null };

const ADMIN = ["admin"] as const;

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { title: "Dashboard", href: "/admin", icon: LayoutDashboardIcon, roles: STAFF_ROLES },
  { title: "Catalog", href: "/admin/catalog", icon: PackageIcon, roles: STAFF_ROLES },
  { title: "User Management", href: "/admin/users", icon: UsersIcon, roles: ADMIN, deniedScreen: true },
  {
    title: "Home Management",
    href: "/admin/home-management",
    icon: HouseIcon,
    roles: ADMIN,
    alsoActiveFor: ["/admin/home"],
  },
  { title: "Case Studies", href: "/admin/case-studies", icon: BookOpenIcon, roles: ADMIN },
  { title: "Certifications", href: "/admin/certifications", icon: AwardIcon, roles: ADMIN },
  { title: "Contact Page", href: "/admin/contact", icon: ContactIcon, roles: ADMIN },
  {
    title: "Contact Management",
    href: "/admin/contact-management",
    icon: MailIcon,
    roles: ADMIN,
    quoting: true,
    count: {
      key: "newEnquiries",
      label: (n) => `${n} new ${n === 1 ? "enquiry" : "enquiries"}`,
    },
  },
  { title: "Quotes", href: "/admin/quotes", icon: ReceiptTextIcon, roles: ADMIN, quoting: true },
  { title: "Settings", href: "/admin/settings", icon: SettingsIcon, roles: ADMIN },
  { title: "Audit Log", href: "/admin/audit", icon: ScrollTextIcon, roles: ADMIN, deniedScreen: true },
];

/** What the settings open beyond each item's roles: whether sales may quote. */
export type NavAccess = { salesMayQuote?: boolean };

function opens(item: AdminNavItem, role: Role, access: NavAccess) {
  return item.roles.includes(role) || (role === "sales" && !!access.salesMayQuote && !!item.quoting);
}

export function navItemsFor(role: Role, access: NavAccess = {}) {
  return ADMIN_NAV.filter((item) => opens(item, role, access));
}

function isUnder(pathname: string, base: string) {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isNavItemActive(item: AdminNavItem, pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (item.href === "/admin") return path === "/admin";
  return [item.href, ...(item.alsoActiveFor ?? [])].some((base) => isUnder(path, base));
}

/**
 * Sales may open /admin and /admin/catalog (and below: building information is a section of the
 * catalogue), and Contact Management and Quotes when they may quote; everything else is
 * admin-only. A loader's request may be the client's data request (/admin/catalog.data), which
 * names the same page.
 */
export function isAdminPathAllowed(role: Role, pathname: string, access: NavAccess = {}) {
  if (role === "admin") return true;
  if (role !== "sales") return false;
  const path = pagePath(pathname);
  if (path === "/admin") return true;
  return ADMIN_NAV.some(
    (item) => item.href !== "/admin" && opens(item, role, access) && isUnder(path, item.href),
  );
}

function pagePath(pathname: string) {
  return pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}

/** A screen that tells staff without its role 'Access Denied' itself (its loader answers 403). */
export function showsAccessDenied(pathname: string) {
  const path = pagePath(pathname);
  return ADMIN_NAV.some((item) => item.deniedScreen && path === item.href);
}
