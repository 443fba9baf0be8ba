// Customer reviews on the home page. A review is a home content row (section_type 'reviews')
// whose content holds JSON text {name, company, rating, review, project}; image_url is the photo.
import { z } from "zod";

export const DEFAULT_REVIEWS_TITLE = "What Our Customers Say";
export const DEFAULT_RATING = 5;
export const ANONYMOUS_REVIEWER = "Anonymous";

export type ReviewContent = {
  name: string;
  company: string;
  rating: number;
  review: string;
  project: string;
};

export type Review = ReviewContent & { id: string; photoUrl: string | null };

// A missing or non-text field reads as empty text.
const optionalText = z.string().trim().catch("");

// Ratings are whole stars from 1 to 5: a number outside is clamped, anything else is the default.
const ratingSchema = z
  .preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.number(),
  )
  .catch(DEFAULT_RATING)
  .transform((value) =>
    Number.isFinite(value) ? Math.min(5, Math.max(1, Math.round(value))) : DEFAULT_RATING,
  );

/** Lenient read of a stored review: missing or mistyped fields fall back field by field. */
export const reviewContentSchema = z.object({
  name: optionalText.transform((name) => name || ANONYMOUS_REVIEWER),
  company: optionalText,
  rating: ratingSchema,
  review: optionalText,
  project: optionalText,
});

export const ANONYMOUS_REVIEW: ReviewContent = {
  name: ANONYMOUS_REVIEWER,
  company: "",
  rating: DEFAULT_RATING,
  review: "",
  project: "",
};

export type ParsedReviewContent =
  | { ok: true; value: ReviewContent }
  | { ok: false; value: ReviewContent; error: string };

/**
 * Parse a review row's content. Text that is not a JSON object gives the anonymous five-star
 * review with `ok: false`, so the caller can log it while the page still shows the card.
 */
export function parseReviewContent(content: string | null | undefined): ParsedReviewContent {
  if (!content?.trim()) return { ok: false, value: ANONYMOUS_REVIEW, error: "Review content is empty" };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return {
      ok: false,
      value: ANONYMOUS_REVIEW,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const result = reviewContentSchema.safeParse(json);
  if (!result.success)
    return { ok: false, value: ANONYMOUS_REVIEW, error: "Review content is not a JSON object" };
  return { ok: true, value: result.data };
}

/** Shown when there are no active review rows, or they could not be read. */
export const SAMPLE_REVIEWS: Review[] = [
  {
    id: "sample-1",
    name: "Aroha Ngata",
    company: "Ngata Builders Ltd",
    rating: 5,
    review:
      "Framing packs turned up on site the morning they were promised, cut and labelled. The yard team know their product and always pick up the phone.",
    project: "Three-bedroom new build, Hamilton",
  },
  {
    id: "sample-2",
    name: "James Whitfield",
    company: "Whitfield Roofing",
    rating: 5,
    review:
      "Honest trade pricing and the right flashings first time. They sorted a colour match on a re-roof when nobody else could.",
    project: "Coastal re-roof, Tauranga",
  },
  {
    id: "sample-3",
    name: "Priya Sharma",
    company: "Sharma Renovations",
    rating: 4,
    review:
      "Great advice on cladding and cavity battens for an old villa. Deliveries were tidy and the paperwork for the council was ready when we needed it.",
    project: "Villa re-clad, Christchurch",
  },
  {
    id: "sample-4",
    name: "Tom Ruawai",
    company: "DIY homeowner",
    rating: 5,
    review:
      "As a weekend builder I appreciated how patient they were. They talked me through decking timber and fixings and nothing was too much trouble.",
    project: "Backyard deck, Wellington",
  },
].map((review) => ({ ...review, photoUrl: null }));
