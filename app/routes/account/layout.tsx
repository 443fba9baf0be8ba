// A signed-in customer's own pages. Every loader and action below checks the role on the server
// (requireCustomer): anonymous visitors are sent to sign in, staff to the back office. No page
// here is ever page-cached (none declares it), and /account is a private area: every answer is
// "private, no-store" (page-requests.server.ts).
import { Outlet, useLoaderData } from "react-router";
import { AccountNav } from "~/components/account/account-nav";
import { requireCustomer } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  return { name: user.name };
}

export default function AccountLayout() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <section className="container mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <header className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">My account</h1>
        <p className="text-muted-foreground">Kia ora {name}.</p>
      </header>
      <AccountNav />
      <Outlet />
    </section>
  );
}
