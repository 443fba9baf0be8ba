// The back office's sidebar: the items the signed-in role may open, the current one
// highlighted. Collapses to icons (3rem); a sheet under 768px that closes when a link is chosen.
//
//   <SidebarProvider defaultOpen={sidebarOpen}><AppSidebar role={user.role} />…</SidebarProvider>
import { Link, useLocation } from "react-router";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "~/components/ui/sidebar";
import type { Role } from "~/server/db/schema";
import { isNavItemActive, navItemsFor } from "./nav-items";

export function AppSidebar({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const items = navItemsFor(role);
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
                {items.map((item) => (
                  <SidebarMenuItem key={item.href}>
                    <SidebarMenuButton
                      asChild
                      isActive={isNavItemActive(item, pathname)}
                      tooltip={item.title}
                    >
                      <Link to={item.href} onClick={() => isMobile && setOpenMobile(false)}>
                        <item.icon aria-hidden />
                        <span>{item.title}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
