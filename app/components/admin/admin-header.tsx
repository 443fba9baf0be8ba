// The back office's top bar: the sidebar toggle (also Ctrl/Cmd+B), who is signed in with their
// role badge, a link to the public site and Sign Out (a POST form: works without JavaScript).
//
//   <AdminHeader user={{ name, email, role }} />
import { ExternalLinkIcon, LogOutIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Separator } from "~/components/ui/separator";
import { SidebarTrigger } from "~/components/ui/sidebar";
import type { Role } from "~/lib/vocabulary";
import { RoleBadge } from "./role-badge";

export function AdminHeader({ user }: { user: { name: string; email: string; role: Role } }) {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mx-1 h-5" />
      <Link
        to="/"
        className="hidden items-center gap-1 text-muted-foreground text-sm hover:text-foreground sm:flex"
      >
        View site
        <ExternalLinkIcon aria-hidden className="size-3.5" />
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-sm" title={user.email}>
            {user.name}
          </span>
          <RoleBadge role={user.role} />
        </div>
        <Form method="post" action="/auth/sign-out">
          <Button type="submit" variant="outline" size="sm">
            <LogOutIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">Sign Out</span>
          </Button>
        </Form>
      </div>
    </header>
  );
}
