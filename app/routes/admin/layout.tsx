import { Form, Link, Outlet } from "react-router";
import { Button } from "~/components/ui/button";
import { requireStaff } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

// The role gate of the whole admin area: admin or sales, checked on the server.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { user };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-svh">
      <header className="flex h-14 items-center gap-4 border-b px-4">
        <Link to="/admin" className="font-bold">
          Trade Counter Admin
        </Link>
        <span className="ml-auto text-muted-foreground text-sm">{loaderData.user.email}</span>
        <Form method="post" action="/auth/sign-out">
          <Button type="submit" variant="outline" size="sm">
            Sign Out
          </Button>
        </Form>
      </header>
      <main id="main" className="p-6">
        <Outlet />
      </main>
    </div>
  );
}
