import { z } from "zod";
import { LinkTabs } from "~/components/admin/link-tabs";
import { PageHeader } from "~/components/admin/page-header";
import { BrandsTab } from "~/components/admin/settings/brands-tab";
import { CategoriesTab } from "~/components/admin/settings/categories-tab";
import { EnquirySettingsForm } from "~/components/admin/settings/enquiry-settings-form";
import { HeroSettingsForm } from "~/components/admin/settings/hero-settings-form";
import { QuoteSettingsForm } from "~/components/admin/settings/quote-settings-form";
import { SearchSynonymsForm } from "~/components/admin/settings/search-synonyms-form";
import { checkbox } from "~/lib/form-values";
import { parseListParams } from "~/lib/list-params";
import { getHero } from "~/modules/content/home-admin.server";
import { listActiveAdminEmails } from "~/modules/notifications/recipients.server";
import {
  DEFAULT_QUOTE_SETTINGS,
  QUOTE_SETTINGS_KEY,
  quoteSettingsFormSchema,
  quoteSettingsFormValues,
} from "~/modules/quotes/settings";
import { getQuoteSettings } from "~/modules/quotes/settings.server";
import { SEARCH_SYNONYMS_KEY, searchSynonymsFormSchema } from "~/modules/search/synonym-text";
import { synonymSettings } from "~/modules/search/synonyms.server";
import { getHeroSettings, heroSettingsFormSchema } from "~/modules/settings/admin.server";
import { saveSetting } from "~/modules/settings/commands.server";
import { ENQUIRY_SETTINGS_KEY } from "~/modules/settings/enquiry-settings";
import { getEnquirySettings } from "~/modules/settings/enquiry-settings.server";
import { enquirySettingsFormSchema } from "~/modules/settings/forms";
import { DEFAULT_HERO_BACKGROUND, HERO_BACKGROUND_KEY } from "~/modules/settings/hero-background";
import { listBrands, listCategories } from "~/modules/taxonomy/admin.server";
import { saveBrand, saveCategory } from "~/modules/taxonomy/commands.server";
import { brandFormSchema, categoryFormSchema, parseCategoryFilter } from "~/modules/taxonomy/schema";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { loadPagedList, tryLoad } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Settings | Trade Counter Admin" }];
}

const TABS = [
  { value: "brands", label: "Brands Management" },
  { value: "categories", label: "Categories Management" },
  { value: "hero", label: "Hero Settings" },
  { value: "enquiries", label: "Enquiries" },
  { value: "quotes", label: "Quotes" },
  { value: "search", label: "Search" },
] as const;
type Tab = (typeof TABS)[number]["value"];

function parseTab(value: string | null): Tab {
  return TABS.find((tab) => tab.value === value)?.value ?? "brands";
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("tab"));
  const params = parseListParams(url);
  if (tab === "hero") {
    const [saved, slide] = await Promise.all([
      tryLoad("hero settings", getHeroSettings),
      tryLoad("the first hero slide", getHero),
    ]);
    return {
      tab,
      hero: saved.ok ? saved.value : DEFAULT_HERO_BACKGROUND,
      slide: slide.ok ? slide.value : null,
      reset: url.searchParams.get("reset") === "1",
    } as const;
  }
  if (tab === "enquiries") {
    const [saved, admins] = await Promise.all([
      tryLoad("enquiry settings", () => getEnquirySettings()),
      tryLoad("the active admins", () => listActiveAdminEmails()),
    ]);
    return {
      tab,
      enquiries: saved.ok ? saved.value : null,
      activeAdmins: admins.ok ? admins.value : [],
    } as const;
  }
  if (tab === "quotes") {
    const saved = await tryLoad("quote settings", () => getQuoteSettings());
    return { tab, quotes: quoteSettingsFormValues(saved.ok ? saved.value : DEFAULT_QUOTE_SETTINGS) } as const;
  }
  if (tab === "search") {
    return { tab, synonyms: await synonymSettings(url.searchParams.get("standard") === "1") } as const;
  }
  if (tab === "categories") {
    const type = parseCategoryFilter(url.searchParams.get("type"));
    const list = await loadPagedList("categories", params, (p) => listCategories({ ...p, type }));
    return { tab, categories: { ...list, type } } as const;
  }
  return { tab, brands: await loadPagedList("brands", params, listBrands) } as const;
}

const id = z.uuid("Invalid record");

const settingsIntentSchema = z.discriminatedUnion("intent", [
  brandFormSchema.extend({ intent: z.literal("create-brand") }),
  brandFormSchema.extend({ intent: z.literal("update-brand"), id }),
  z.object({ intent: z.literal("toggle-brand"), id, isActive: checkbox() }),
  z.object({ intent: z.literal("delete-brand"), id }),
  categoryFormSchema.extend({ intent: z.literal("create-category") }),
  categoryFormSchema.extend({ intent: z.literal("update-category"), id }),
  z.object({ intent: z.literal("toggle-category"), id, isActive: checkbox() }),
  z.object({ intent: z.literal("delete-category"), id }),
  heroSettingsFormSchema.extend({ intent: z.literal("save-hero") }),
  enquirySettingsFormSchema,
  quoteSettingsFormSchema,
  searchSynonymsFormSchema,
]);
type SettingsIntent = z.output<typeof settingsIntentSchema>;

const SUCCESS: Record<SettingsIntent["intent"], string> = {
  "create-brand": "Brand created successfully",
  "update-brand": "Brand updated successfully",
  "toggle-brand": "Brand updated successfully",
  "delete-brand": "Brand deleted successfully",
  "create-category": "Category created successfully",
  "update-category": "Category updated successfully",
  "toggle-category": "Category updated successfully",
  "delete-category": "Category deleted successfully",
  "save-hero": "Hero settings updated successfully",
  "save-enquiry-settings": "Enquiry settings updated successfully",
  "save-quote-settings": "Quote settings updated successfully",
  "save-search-synonyms": "Search synonyms updated successfully",
};

function failureTitle(intent: string) {
  if (intent === "save-hero") return "Failed to update hero settings";
  if (intent === "save-enquiry-settings") return "Failed to update enquiry settings";
  if (intent === "save-quote-settings") return "Failed to update quote settings";
  if (intent === "save-search-synonyms") return "Failed to update search synonyms";
  const kind = intent.endsWith("category") ? "category" : "brand";
  return intent.startsWith("delete") ? `Failed to delete ${kind}` : `Failed to save ${kind}`;
}

/** The tab a saved setting returns to. */
const SETTING_TAB = {
  "save-hero": "hero",
  "save-enquiry-settings": "enquiries",
  "save-quote-settings": "quotes",
  "save-search-synonyms": "search",
} as const;

const SETTING_KEY = {
  "save-hero": HERO_BACKGROUND_KEY,
  "save-enquiry-settings": ENQUIRY_SETTINGS_KEY,
  "save-quote-settings": QUOTE_SETTINGS_KEY,
  "save-search-synonyms": SEARCH_SYNONYMS_KEY,
} as const;

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  // Only the brand dialog sends a file (its logo); every other form is a plain post.
  const form = await readForm(args, {
    access: "admin",
    schema: settingsIntentSchema,
    image: { fileField: "logoFile", urlField: "logoUrl" },
  });
  if (!form.ok) return form.response;
  const value = form.value;
  const failure = failureTitle(value.intent);
  // Each tab's command: brands, categories, or the one setting the tab saves.
  const carryOut = () => {
    switch (value.intent) {
      case "create-brand":
      case "update-brand":
      case "toggle-brand":
      case "delete-brand":
        return form.run(saveBrand, value, failure);
      case "create-category":
      case "update-category":
      case "toggle-category":
      case "delete-category":
        return form.run(saveCategory, value, failure);
      default: {
        // The form judged the value whole: what is left after its intent is the stored setting.
        const { intent, ...setting } = value;
        return form.run(saveSetting, { key: SETTING_KEY[intent], value: setting }, failure);
      }
    }
  };
  const done = await carryOut();
  if (!done.ok) return done.response;
  const back =
    value.intent in SETTING_TAB
      ? `/admin/settings?tab=${SETTING_TAB[value.intent as keyof typeof SETTING_TAB]}`
      : backToList(request);
  return redirectWithToast(back, { type: "success", title: SUCCESS[value.intent] });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Brands, categories, the home page's hero overlay, enquiry notifications, quotes and search."
      />
      <LinkTabs label="Settings sections" current={loaderData.tab} tabs={TABS} />
      {loaderData.tab === "brands" ? <BrandsTab list={loaderData.brands} /> : null}
      {loaderData.tab === "categories" ? <CategoriesTab list={loaderData.categories} /> : null}
      {loaderData.tab === "hero" ? (
        <HeroSettingsForm
          key={JSON.stringify(loaderData.hero)}
          saved={loaderData.hero}
          slide={loaderData.slide}
          reset={loaderData.reset}
        />
      ) : null}
      {loaderData.tab === "enquiries" ? (
        <EnquirySettingsForm
          key={JSON.stringify(loaderData.enquiries)}
          saved={loaderData.enquiries}
          activeAdmins={loaderData.activeAdmins}
          schema={enquirySettingsFormSchema}
        />
      ) : null}
      {loaderData.tab === "quotes" ? (
        <QuoteSettingsForm
          key={JSON.stringify(loaderData.quotes)}
          saved={loaderData.quotes}
          schema={quoteSettingsFormSchema}
        />
      ) : null}
      {loaderData.tab === "search" ? (
        <SearchSynonymsForm
          key={loaderData.synonyms.text}
          {...loaderData.synonyms}
          schema={searchSynonymsFormSchema}
        />
      ) : null}
    </>
  );
}
