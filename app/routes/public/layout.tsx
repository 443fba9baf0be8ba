import { Outlet, useLoaderData } from "react-router";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { getContactInfo } from "~/modules/content/queries.server";
import { getFooterCategories } from "~/modules/taxonomy/queries.server";
import { useOptionalUser } from "~/root";

export async function loader() {
  const [contact, categories] = await Promise.all([getContactInfo(), getFooterCategories()]);
  return { contact, categories };
}

export default function PublicLayout() {
  const { contact, categories } = useLoaderData<typeof loader>();
  const user = useOptionalUser();
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader user={user} contact={contact} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter contact={contact} categories={categories} />
    </div>
  );
}
