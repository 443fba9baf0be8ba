// The back office's sidebar: the items the signed-in role may open, the current one
// highlighted, and a count beside an item that has one (new enquiries). Collapses to icons
// (3rem); a sheet under 768px that closes when a link is chosen.
//
//   <SidebarProvider defaultOpen={sidebarOpen}>
//     <AppSidebar role={user.role} counts={{ newEnquiries: 3 }} />…</SidebarProvider>
import { Link, useLocation } from "react-router";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "~/components/ui/sidebar";
import type { Role } from "~/lib/vocabulary";
import { type AdminNavItem, isNavItemActive, type NavAccess, type NavCounts, navItemsFor } from "./nav-items";

/** The item's count when there is something to count; zero shows nothing. */
function countOf(item: AdminNavItem, counts: NavCounts | undefined) {
  const n = item.count && counts ? counts[item.count.key] : null;
  return n && n > 0 && item.count ? { n, label: item.count.label(n) } : null;
}

export function AppSidebar({ role, counts, access }: { role: Role; counts?: NavCounts; access?: NavAccess }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const items = navItemsFor(role, access);
  return (
    <Sidebar collapsible="icon" aria-label="Back office">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip="Trade Counter Admin">
              <Link to="/admin" onClick={() => isMobile && setOpenMobile(false)}>
                <span
                  aria-hidden
                  className="flex size-8 shrink-0 items-center justify-center rounded-md bg-sidebar-primary font-bold text-sidebar-primary-foreground"
                >
                  TC
                </span>
                <span className="grid leading-tight">
                  <span className="font-semibold">Trade Counter</span>
                  <span className="text-xs">Back office</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Manage</SidebarGroupLabel>
          <SidebarGroupContent>
            <nav aria-label="Admin">
              <SidebarMenu>
                {items.map((item) => {
                  const count = countOf(item, counts);
                  const countId = `nav-count-${item.href.replaceAll("/", "-")}`;
                  return (
                    <SidebarMenuItem key={item.href}>
                      <SidebarMenuButton
                        asChild
                        isActive={isNavItemActive(item, pathname)}
                        tooltip={count ? `${item.title} (${count.label})` : item.title}
                        className={count ? "pr-9" : undefined}
                      >
                        {/* The count describes the link, so its name stays the item's title. */}
                        <Link
                          to={item.href}
                          aria-describedby={count ? countId : undefined}
                          onClick={() => isMobile && setOpenMobile(false)}
                        >
                          <item.icon aria-hidden />
                          <span>{item.title}</span>
                        </Link>
                      </SidebarMenuButton>
                      {count ? (
                        <SidebarMenuBadge id={countId}>
                          <span aria-hidden>{count.n > 99 ? "99+" : count.n}</span>
                          <span className="sr-only">{count.label}</span>
                        </SidebarMenuBadge>
                      ) : null}
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
