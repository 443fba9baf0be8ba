// Everything the home page shows, read in one go. Each read fails on its own: the failure is
// logged and that section shows its built-in default, so the page itself never errors.
import { and, asc, eq } from "drizzle-orm";
import { isSafeLink } from "~/lib/safe-link";
import type { SectionType } from "~/lib/vocabulary";
import { getImageAssets } from "~/modules/images/assets.server";
import type { ImageAsset, ImageAssetMap } from "~/modules/images/image-asset";
import { getFeaturedProducts, type PublicProduct } from "~/modules/products/queries.server";
import {
  HERO_BACKGROUND_KEY,
  type HeroBackground,
  parseHeroBackground,
} from "~/modules/settings/hero-background";
import { getSupplierBrands } from "~/modules/taxonomy/queries.server";
import { getDb } from "~/server/db/db.server";
import { homeContent, siteSettings } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { readOr } from "~/server/read-or.server";
import { isHeroSlide } from "./home.schema";
import { DEFAULT_REVIEWS_TITLE, parseReviewContent, type Review, SAMPLE_REVIEWS } from "./reviews";

export const DEFAULT_LINK_URL = "/catalog";

export type HeroSlide = {
  id: string;
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  linkText: string;
  linkUrl: string;
  /** The processed variants of the image, for its srcset and the route's preload. */
  asset?: ImageAsset | null;
};

export type CategoryTile = {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  linkUrl: string;
  asset?: ImageAsset | null;
};

/** The catalogue banner reads as a hero slide does, without an id. */
export type CatalogBanner = Omit<HeroSlide, "id">;

export type FeaturedProduct = Pick<PublicProduct, "id" | "name" | "imageUrl" | "asset"> & {
  description: string;
};

export type HomeReview = Review & { asset?: ImageAsset | null };

/** A brand we supply, shown by its logo (or its name when it has none). */
export type SupplierBrand = {
  id: string;
  name: string;
  logoUrl: string | null;
  asset?: ImageAsset | null;
};

export type HomeContent = {
  heroSlides: HeroSlide[];
  heroBackground: HeroBackground;
  categories: CategoryTile[];
  catalogBanner: CatalogBanner | null;
  reviewsTitle: string;
  reviews: HomeReview[];
  brands: SupplierBrand[];
};

export const DEFAULT_HERO_SLIDE: HeroSlide = {
  id: "default-hero",
  title: "Building Supplies for New Zealand Trades",
  subtitle: "Timber, roofing, cladding, insulation, tools and hardware. Contact us for trade pricing.",
  imageUrl: null,
  linkText: "Browse the Catalogue",
  linkUrl: DEFAULT_LINK_URL,
};

export const DEFAULT_CATEGORY_NAMES = ["Timber", "Roofing", "Tools", "Hardware"] as const;

export const DEFAULT_CATEGORY_TILES: CategoryTile[] = DEFAULT_CATEGORY_NAMES.map((name) => ({
  id: `default-${name.toLowerCase()}`,
  name,
  description: null,
  imageUrl: null,
  linkUrl: categoryLink(name),
}));

function categoryLink(name: string) {
  return `/catalog?category=${encodeURIComponent(name)}`;
}

function clean(text: string | null) {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** A stored link that is no longer judged safe (saved before the check tightened) is dropped. */
function cleanLink(text: string | null) {
  const link = clean(text);
  return link && isSafeLink(link, { external: true }) ? link : null;
}

type HomeRow = typeof homeContent.$inferSelect;

function getActiveRows(sectionType: SectionType) {
  return getDb()
    .select()
    .from(homeContent)
    .where(and(eq(homeContent.sectionType, sectionType), eq(homeContent.isActive, true)))
    .orderBy(asc(homeContent.displayOrder), asc(homeContent.createdAt), asc(homeContent.id));
}

function toHeroSlide(row: HomeRow): HeroSlide {
  return {
    id: row.id,
    title: clean(row.title) ?? DEFAULT_HERO_SLIDE.title,
    subtitle: clean(row.subtitle),
    imageUrl: clean(row.imageUrl),
    linkText: clean(row.linkText) ?? DEFAULT_HERO_SLIDE.linkText,
    linkUrl: cleanLink(row.linkUrl) ?? DEFAULT_LINK_URL,
  };
}

function toCategoryTile(row: HomeRow): CategoryTile | null {
  const name = clean(row.title);
  const linkUrl = cleanLink(row.linkUrl) ?? DEFAULT_LINK_URL;
  // A tile needs a name to be read by anyone; an untitled row is skipped.
  if (!name) return null;
  return {
    id: row.id,
    name,
    description: clean(row.subtitle) ?? clean(row.content),
    imageUrl: clean(row.imageUrl),
    linkUrl,
  };
}

function toCatalogBanner(row: HomeRow): CatalogBanner {
  return {
    title: clean(row.title) ?? "Monthly Catalogue",
    subtitle: clean(row.subtitle) ?? clean(row.content),
    imageUrl: clean(row.imageUrl),
    linkText: clean(row.linkText) ?? "View the Catalogue",
    linkUrl: cleanLink(row.linkUrl) ?? DEFAULT_LINK_URL,
  };
}

function toReview(row: HomeRow): Review {
  const parsed = parseReviewContent(row.content);
  if (!parsed.ok)
    logger.warn({ homeContentId: row.id, reason: parsed.error }, "Review content is not valid JSON");
  return { ...parsed.value, id: row.id, photoUrl: clean(row.imageUrl) };
}

function toFeaturedProduct(product: PublicProduct): FeaturedProduct {
  return {
    id: product.id,
    name: product.name,
    imageUrl: product.imageUrl,
    asset: product.asset ?? null,
    description: clean(product.shortDescription) ?? clean(product.description) ?? "",
  };
}

async function readHeroBackground() {
  const [row] = await getDb()
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, HERO_BACKGROUND_KEY))
    .limit(1);
  return parseHeroBackground(row?.value);
}

async function readReviews() {
  const rows = await getActiveRows("reviews");
  if (rows.length === 0) return { title: DEFAULT_REVIEWS_TITLE, reviews: SAMPLE_REVIEWS };
  return { title: clean(rows[0]?.title ?? null) ?? DEFAULT_REVIEWS_TITLE, reviews: rows.map(toReview) };
}

/** Every published featured product, newest first; a failure is logged and shows none. */
export async function getHomeFeaturedProducts(): Promise<FeaturedProduct[]> {
  return readOr("featured products", async () => (await getFeaturedProducts()).map(toFeaturedProduct), []);
}

/**
 * The home page's content (featured products apart: getHomeFeaturedProducts): active rows by
 * display order, each section falling back to its default.
 */
export async function getHomeContent(): Promise<HomeContent> {
  const [heroSlides, heroBackground, categories, catalogBanner, reviews, brands] = await Promise.all([
    readOr(
      "home hero slides",
      async () => (await getActiveRows("hero")).filter(isHeroSlide).map(toHeroSlide),
      [],
    ),
    readOr("home hero background", readHeroBackground, parseHeroBackground(undefined)),
    readOr(
      "categories",
      async () => (await getActiveRows("categories")).flatMap((row) => toCategoryTile(row) ?? []),
      [],
    ),
    readOr(
      "catalogue banner",
      async () => {
        const [row] = await getActiveRows("catalog").limit(1);
        return row ? toCatalogBanner(row) : null;
      },
      null,
    ),
    readOr("home reviews", readReviews, { title: DEFAULT_REVIEWS_TITLE, reviews: SAMPLE_REVIEWS }),
    readOr("supplier brands", getSupplierBrands, []),
  ]);
  // One lookup for every staff picture on the page (featured products bring their own).
  const assets = await readOr<ImageAssetMap>(
    "image variants",
    () =>
      getImageAssets([
        ...heroSlides.map((slide) => slide.imageUrl),
        ...categories.map((tile) => tile.imageUrl),
        catalogBanner?.imageUrl,
        ...reviews.reviews.map((review) => review.photoUrl),
        ...brands.map((brand) => brand.logoUrl),
      ]),
    {},
  );
  const assetOf = (url: string | null) => (url && assets[url]) || null;
  return {
    heroSlides:
      heroSlides.length > 0
        ? heroSlides.map((slide) => ({ ...slide, asset: assetOf(slide.imageUrl) }))
        : [DEFAULT_HERO_SLIDE],
    heroBackground,
    categories:
      categories.length > 0
        ? categories.map((tile) => ({ ...tile, asset: assetOf(tile.imageUrl) }))
        : DEFAULT_CATEGORY_TILES,
    catalogBanner: catalogBanner && { ...catalogBanner, asset: assetOf(catalogBanner.imageUrl) },
    reviewsTitle: reviews.title,
    reviews: reviews.reviews.map((review) => ({ ...review, asset: assetOf(review.photoUrl) })),
    brands: brands.map((brand) => ({ ...brand, asset: assetOf(brand.logoUrl) })),
  };
}
