// Everything held about the signed-in customer, to read (and print): the same as the JSON file.
import { data, useLoaderData } from "react-router";
import { AccountDataView } from "~/components/account/account-data-view";
import { accountData } from "~/modules/accounts/export.server";
import { privatePageMeta } from "~/modules/seo/meta";
import { requireCustomer } from "~/server/auth/guards.server";
import type { Route } from "./+types/data";

export function meta() {
  return privatePageMeta("Your data");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const everything = await accountData(user.id);
  if (!everything) throw data(null, { status: 404 });
  return everything;
}

export default function AccountDataPage() {
  return <AccountDataView data={useLoaderData<typeof loader>()} />;
}
