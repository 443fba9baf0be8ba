// The account's overview: how many of the customer's quotes wait for an answer, their own details
// (which their enquiries are prefilled from) and how they sign in.
import { data, useLoaderData } from "react-router";
import { ProfileForm } from "~/components/account/profile-form";
import { QuotesSummary } from "~/components/account/quotes-summary";
import { updateProfile } from "~/modules/accounts/commands.server";
import { getAccountProfile } from "~/modules/accounts/queries.server";
import { profileFormSchema } from "~/modules/accounts/schema";
import { countOpenAccountQuotes } from "~/modules/quotes/account.server";
import { privatePageMeta } from "~/modules/seo/meta";
import { requireCustomer } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/overview";

export function meta() {
  return privatePageMeta("My account");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const [profile, quotes] = await Promise.all([getAccountProfile(user.id), countOpenAccountQuotes(user.id)]);
  if (!profile) throw data(null, { status: 404 });
  return { profile, quotes };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "account", schema: profileFormSchema, conformIntents: false });
  if (!form.ok) return form.response;
  const done = await form.run(updateProfile, form.value, "Failed to save your details");
  if (!done.ok) return done.response;
  return redirectWithToast("/account", { type: "success", title: "Your details are saved" });
}

export default function AccountOverview() {
  const { profile, quotes } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <QuotesSummary open={quotes.open} total={quotes.total} />
      <ProfileForm profile={profile} />
    </div>
  );
}
