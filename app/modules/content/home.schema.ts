// Form schemas for home content (Home Management and the home content list), shared by the
// browser and the server. display_order is a whole number; left blank, a new row goes after the
// rows of its section and an edited one keeps its place. No other home field is required. Every
// URL a member of staff types is http(s) or a site path.
import { z } from "zod";
import { checkbox, imageUrlField, optionalIntegerField, optionalText } from "~/lib/form-values";
import { SECTION_TYPES, type SectionType } from "~/lib/vocabulary";
import { DEFAULT_RATING, DEFAULT_REVIEWS_TITLE, type ReviewContent } from "./reviews";

export const SECTION_TYPE_LABELS = {
  hero: "Hero",
  banner: "Banner",
  promotion: "Promotion",
  categories: "Categories",
  catalog: "Catalog",
  reviews: "Reviews",
} as const satisfies Record<SectionType, string>;

/** The fixed heading every review row is saved with. */
export const REVIEWS_TITLE = DEFAULT_REVIEWS_TITLE;
export const RATINGS = [5, 4, 3, 2, 1] as const;

/** A home content row as the back office shows it. */
export type HomeContentItem = {
  id: string;
  sectionType: SectionType;
  title: string | null;
  subtitle: string | null;
  content: string | null;
  imageUrl: string | null;
  linkText: string | null;
  linkUrl: string | null;
  isActive: boolean;
  displayOrder: number;
};

/** A review row with its JSON content read field by field. */
export type ReviewItem = ReviewContent & {
  id: string;
  imageUrl: string | null;
  isActive: boolean;
  displayOrder: number;
};

export const HOME_MANAGEMENT_TABS = ["hero", "categories", "catalog", "reviews"] as const;
export type HomeManagementTab = (typeof HOME_MANAGEMENT_TABS)[number];

export function parseHomeManagementTab(value: string | null): HomeManagementTab {
  return HOME_MANAGEMENT_TABS.find((tab) => tab === value) ?? "hero";
}

const recordId = z.uuid("Invalid record");

// The text fields every home content row shares, none of them required.
const contentFields = {
  title: optionalText(200),
  subtitle: optionalText(500),
  content: optionalText(5000),
  imageUrl: imageUrlField(),
  linkText: optionalText(100),
  linkUrl: imageUrlField("Please enter a valid link URL (https://… or /path)"),
};

/**
 * A hero row is a slide only with a title: an untitled one shows neither on the home page nor in
 * the Hero Section tab, so a half-made row never takes the real hero's place.
 */
export function isHeroSlide(row: { sectionType: string; title: string | null }) {
  return row.sectionType === "hero" && Boolean(row.title?.trim());
}

/** Hero Section tab: always saved active with display_order 1, so no fields for those. */
export const heroFormSchema = z.object(contentFields);
export type HeroInput = z.output<typeof heroFormSchema>;

/** Any home content row: the /admin/home dialog, and the category and catalog items. */
export const homeContentFormSchema = z.object({
  sectionType: z.enum(SECTION_TYPES, "Choose a section type"),
  ...contentFields,
  isActive: checkbox(),
  // null (left blank): after the last row of its section when added, unchanged when edited.
  displayOrder: optionalIntegerField({ label: "Display order", min: 0 }),
});
export type HomeContentInput = z.output<typeof homeContentFormSchema>;

const RATING_MESSAGE = "Rating must be between 1 and 5";

// A whole number of stars from 1 to 5; empty means the default five.
const rating = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined || String(value).trim() === "" ? DEFAULT_RATING : Number(value)))
  .pipe(z.number(RATING_MESSAGE).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE));

/** Customer Reviews tab: content is stored as JSON text, image_url is the reviewer's photo. */
export const reviewFormSchema = z.object({
  name: optionalText(100),
  company: optionalText(100),
  rating,
  review: optionalText(2000),
  project: optionalText(200),
  imageUrl: imageUrlField("Please enter a valid photo URL"),
});
export type ReviewInput = z.output<typeof reviewFormSchema>;

const createContent = homeContentFormSchema.extend({ intent: z.literal("create") });
const updateContent = homeContentFormSchema.extend({ intent: z.literal("update"), id: recordId });
const deleteContent = z.object({ intent: z.literal("delete"), id: recordId });

/** Every intent of the home content list (/admin/home). */
export const homeContentActionSchema = z.discriminatedUnion("intent", [
  createContent,
  updateContent,
  deleteContent,
  z.object({ intent: z.literal("toggle-active"), id: recordId, isActive: checkbox() }),
]);

/** Every intent of Home Management: the hero, category and catalog items, reviews. */
export const homeManagementActionSchema = z.discriminatedUnion("intent", [
  heroFormSchema.extend({ intent: z.literal("save-hero"), id: recordId.optional() }),
  createContent,
  updateContent,
  reviewFormSchema.extend({ intent: z.literal("create-review") }),
  reviewFormSchema.extend({ intent: z.literal("update-review"), id: recordId }),
  deleteContent,
]);

/** The JSON text a review row's content holds. */
export function toReviewJson(input: ReviewInput) {
  const content: ReviewContent = {
    name: input.name ?? "",
    company: input.company ?? "",
    rating: input.rating,
    review: input.review ?? "",
    project: input.project ?? "",
  };
  return JSON.stringify(content);
}
