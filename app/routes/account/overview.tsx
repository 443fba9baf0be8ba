// The account's overview: while the browser holds a quote list, the offer to keep it in a job;
// how many of the customer's quotes wait for an answer; their own details (which their enquiries
// are prefilled from) and how they sign in.
import { data, useLoaderData } from "react-router";
import { ProfileForm } from "~/components/account/profile-form";
import { QuoteListOfferCard } from "~/components/account/quote-list-offer";
import { QuotesSummary } from "~/components/account/quotes-summary";
import { updateProfile } from "~/modules/accounts/commands.server";
import { getAccountProfile } from "~/modules/accounts/queries.server";
import { profileFormSchema } from "~/modules/accounts/schema";
import { getActiveJobChoices } from "~/modules/jobs/queries.server";
import { getQuoteListOffer } from "~/modules/jobs/quote-list-offer.server";
import { countOpenAccountQuotes } from "~/modules/quotes/account.server";
import { privatePageMeta } from "~/modules/seo/meta";
import { requireCustomer } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/overview";

export function meta() {
  return privatePageMeta("My account");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const [profile, offer, quotes] = await Promise.all([
    getAccountProfile(user.id),
    getQuoteListOffer(request, context),
    countOpenAccountQuotes(user.id),
  ]);
  if (!profile) throw data(null, { status: 404 });
  const jobs = offer ? await getActiveJobChoices(user.id) : [];
  return { profile, offer: offer ? { ...offer, jobs } : null, quotes };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "account", schema: profileFormSchema, conformIntents: false });
  if (!form.ok) return form.response;
  const done = await form.run(updateProfile, form.value, "Failed to save your details");
  if (!done.ok) return done.response;
  return redirectWithToast("/account#your-details", { type: "success", title: "Your details are saved" });
}

export default function AccountOverview() {
  const { profile, offer, quotes } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      {offer ? <QuoteListOfferCard offer={offer} returnTo="/account" /> : null}
      <QuotesSummary open={quotes.open} total={quotes.total} />
      <ProfileForm profile={profile} />
    </div>
  );
}
