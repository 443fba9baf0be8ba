// The customer's quotes: those we sent to their account's confirmed address, one per enquiry,
// newest first.
import { useLoaderData } from "react-router";
import { AccountQuotesTable } from "~/components/account/quotes-table";
import { listAccountQuotes } from "~/modules/quotes/account.server";
import { privatePageMeta } from "~/modules/seo/meta";
import { requireCustomer } from "~/server/auth/guards.server";
import type { Route } from "./+types/quotes";

export function meta() {
  return privatePageMeta("Your quotes");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  return { quotes: await listAccountQuotes(user.id) };
}

export default function AccountQuotes() {
  const { quotes } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="font-bold text-2xl">Your quotes</h2>
        <p className="text-muted-foreground text-sm">
          Open one to read it, download its PDF, or accept it, ask for changes or decline it.
        </p>
      </div>
      <AccountQuotesTable quotes={quotes} />
    </div>
  );
}
