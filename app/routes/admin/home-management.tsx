// Home Management (/admin/home-management), admin only. Four tabs, each a URL (?tab=…): Hero
// Section (view and edit with a live preview), Browse Categories (cards), Monthly Catalog (a
// table) and Customer Reviews (cards). 'Hero Carousel' leads to the full list at /admin/home.
import { LayoutListIcon } from "lucide-react";
import { Link } from "react-router";
import { HeroSectionTab } from "~/components/admin/home/hero-section-tab";
import { ReviewsTab } from "~/components/admin/home/reviews-tab";
import { SECTIONS, SectionItemsTab } from "~/components/admin/home/section-items-tab";
import { LinkTabs } from "~/components/admin/link-tabs";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { saveHomeContent } from "~/modules/content/commands.server";
import { homeManagementActionSchema, parseHomeManagementTab } from "~/modules/content/home.schema";
import { getHero, listReviews, listSection } from "~/modules/content/home-admin.server";
import { getHeroSettings } from "~/modules/settings/admin.server";
import { DEFAULT_HERO_BACKGROUND } from "~/modules/settings/hero-background";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { tryLoad } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/home-management";

export function meta() {
  return [{ title: "Home Management | Trade Counter Admin" }];
}

const TABS = [
  { value: "hero", label: "Hero Section" },
  { value: "categories", label: "Browse Categories" },
  { value: "catalog", label: "Monthly Catalog" },
  { value: "reviews", label: "Customer Reviews" },
] as const;

// Only the open tab is read; each read failing is logged and said on the page, never a 500.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const tab = parseHomeManagementTab(url.searchParams.get("tab"));
  if (tab === "hero") {
    const [hero, background] = await Promise.all([
      tryLoad("hero content", getHero),
      tryLoad("hero settings", getHeroSettings),
    ]);
    return {
      tab,
      hero: hero.ok ? hero.value : null,
      failed: !hero.ok,
      background: background.ok ? background.value : DEFAULT_HERO_BACKGROUND,
      editing: url.searchParams.get("edit") === "1",
    } as const;
  }
  if (tab === "reviews") {
    const reviews = await tryLoad("reviews", listReviews);
    return { tab, reviews: reviews.ok ? reviews.value : [], failed: !reviews.ok } as const;
  }
  const items = await tryLoad(`home ${tab}`, () => listSection(tab));
  return { tab, items: items.ok ? items.value : [], failed: !items.ok } as const;
}

const SUCCESS = {
  "save-hero": "Hero section updated successfully",
  create: "Content created successfully",
  update: "Content updated successfully",
  "create-review": "Review created successfully",
  "update-review": "Review updated successfully",
  delete: "Content deleted successfully",
} as const;

const FAILURE = {
  "save-hero": "Failed to save hero content",
  create: "Failed to save content",
  update: "Failed to save content",
  "create-review": "Failed to save review",
  "update-review": "Failed to save review",
  delete: "Failed to delete content",
} as const satisfies Record<keyof typeof SUCCESS, string>;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: homeManagementActionSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  const done = await form.run(saveHomeContent, form.value, FAILURE[intent]);
  if (!done.ok) return done.response;
  // A saved hero goes back to view mode; everything else back to the tab it came from.
  const back = intent === "save-hero" ? "/admin/home-management?tab=hero" : backToList(args.request);
  return redirectWithToast(back, { type: "success", title: SUCCESS[intent] });
}

export default function HomeManagement({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Home Management"
        description="The hero, category tiles, monthly catalogue and reviews of the home page."
      >
        <Button asChild variant="outline">
          <Link to="/admin/home">
            <LayoutListIcon aria-hidden />
            Hero Carousel
          </Link>
        </Button>
      </PageHeader>
      <LinkTabs label="Home page sections" current={data.tab} tabs={TABS} />
      {data.tab === "hero" ? (
        <HeroSectionTab
          key={data.editing ? "edit" : "view"}
          hero={data.hero}
          background={data.background}
          editing={data.editing}
          failed={data.failed}
        />
      ) : null}
      {data.tab === "categories" ? (
        <SectionItemsTab
          section={SECTIONS.categories}
          items={data.items}
          failed={data.failed}
          layout="cards"
        />
      ) : null}
      {data.tab === "catalog" ? (
        <SectionItemsTab section={SECTIONS.catalog} items={data.items} failed={data.failed} layout="table" />
      ) : null}
      {data.tab === "reviews" ? <ReviewsTab reviews={data.reviews} failed={data.failed} /> : null}
    </div>
  );
}
