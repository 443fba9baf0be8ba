import type { ReactNode } from "react";
import { Link, Outlet, redirect } from "react-router";
import { AccessDenied } from "~/components/admin/access-denied";
import { AdminHeader } from "~/components/admin/admin-header";
import { AppSidebar } from "~/components/admin/app-sidebar";
import {
  isAdminPathAllowed,
  type NavAccess,
  type NavCounts,
  showsAccessDenied,
} from "~/components/admin/nav-items";
import { Button } from "~/components/ui/button";
import { readSidebarOpen, SidebarInset, SidebarProvider } from "~/components/ui/sidebar";
import { countNewEnquiries } from "~/modules/enquiries/follow-up.server";
import { salesMayQuote } from "~/modules/quotes/access.server";
import { requireStaff, type SessionUser } from "~/server/auth/guards.server";
import { tryLoad } from "~/server/http/screens.server";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

// The role gate of the whole admin area: admin or sales, read from the database on each request.
// Each admin-only child also calls requireAdmin; the path check here is a second line, so a
// child route that forgets its guard still does not open to sales. A screen with its own Access
// Denied answer (User Management, whose loader calls requireAdminOrDeny) is let through to say so.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const { pathname } = new URL(request.url);
  // Sales may open Contact Management and Quotes when an admin lets them quote.
  const access: NavAccess = { salesMayQuote: user.role === "sales" ? await salesMayQuote() : false };
  // User Management answers sales itself, with its Access Denied screen in the shell (403).
  if (!isAdminPathAllowed(user.role, pathname, access) && !showsAccessDenied(pathname))
    throw redirect("/admin");
  // The sidebar renders on the server the way the user left it (cookie kept for 7 days).
  return {
    user,
    sidebarOpen: readSidebarOpen(request.headers.get("Cookie")),
    access,
    counts: await readCounts(user, access),
  };
}

/**
 * New enquiries for the Contact Management item (for whoever may open it): one count on the
 * status index. A failure only loses the badge, never the page.
 */
async function readCounts(user: SessionUser, access: NavAccess): Promise<NavCounts> {
  if (user.role !== "admin" && !access.salesMayQuote) return { newEnquiries: null };
  const loaded = await tryLoad("the new-enquiry count", countNewEnquiries);
  return { newEnquiries: loaded.ok ? loaded.value : null };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell shell={loaderData}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * A failure in a back-office screen without an answer of its own (a 403 on a write the role may
 * no longer make, a quote not found) is said inside the back office: in the shell when its data
 * is at hand (a submission in the browser), on its own with the way back when not (a form posted
 * before the page's scripts ran).
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const message = (
    <AccessDenied error={error} failed="This page could not be loaded. Please try again.">
      <Button asChild variant="outline">
        <Link to="/admin">Back to the dashboard</Link>
      </Button>
    </AccessDenied>
  );
  if (!loaderData) return <main className="grid min-h-svh place-items-center p-4">{message}</main>;
  return <AdminShell shell={loaderData}>{message}</AdminShell>;
}

function AdminShell({ shell, children }: { shell: Route.ComponentProps["loaderData"]; children: ReactNode }) {
  const { user, sidebarOpen, counts, access } = shell;
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppSidebar role={user.role} counts={counts} access={access} />
      <SidebarInset id="admin-main" className="min-w-0">
        <AdminHeader user={user} />
        {/* One column that may shrink below its content, so nothing widens the page. */}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6">{children}</div>
      </SidebarInset>
    </SidebarProvider>
  );
}
