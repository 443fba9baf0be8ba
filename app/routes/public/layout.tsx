import { Outlet, useLoaderData } from "react-router";
import { FlashNotice } from "~/components/site/quote-list/flash-notice";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { getContactInfo } from "~/modules/content/queries.server";
import { getQuoteListSummary } from "~/modules/quote-list/quote-list.server";
import { getSiteSeo } from "~/modules/seo/site.server";
import { getFooterCategories } from "~/modules/taxonomy/queries.server";
import { useOptionalUser } from "~/root-user";
import { readToast } from "~/server/toast.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The quote list's count comes from the visitor's cookie, so the header has it in the first HTML.
  // The flash message is only read here (the root loader clears it) for pages without JavaScript.
  const [contact, categories, quoteList, { toast: flash }] = await Promise.all([
    getContactInfo(),
    getFooterCategories(),
    getQuoteListSummary(request, context),
    readToast(request),
  ]);
  // `site` (base URL, indexing switch) is read by every public page's meta and JSON-LD. The map
  // is the contact page's alone (its loader reads it); the footer names categories, not ids.
  return {
    contact: { ...contact, mapEmbedUrl: null },
    categories: categories.map((category) => category.name),
    quoteList,
    flash,
    site: getSiteSeo(),
  };
}

export default function PublicLayout() {
  const { contact, categories, flash } = useLoaderData<typeof loader>();
  const user = useOptionalUser();
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader user={user} contact={contact} />
      <main id="main" className="flex-1">
        <FlashNotice flash={flash} />
        <Outlet />
      </main>
      <SiteFooter contact={contact} categories={categories} />
    </div>
  );
}
