// Everything held about the signed-in customer, as a JSON file to keep.
import { accountData } from "~/modules/accounts/export.server";
import { requireCustomer } from "~/server/auth/guards.server";
import type { Route } from "./+types/account-data-json";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const everything = await accountData(user.id);
  if (!everything) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify({ exportedAt: new Date(), ...everything }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="trade-counter-my-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
