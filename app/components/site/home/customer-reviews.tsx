import { Button } from "~/components/ui/button";
import { ArrowDown, Quote } from "~/components/ui/sprite-icons";
import { initialsOf } from "~/lib/initials";
import type { HomeReview } from "~/modules/content/home.server";
import { Picture, PORTRAIT_PLACEHOLDER_SRC } from "../picture";
import { SectionHeading } from "./section-heading";
import { StarRating } from "./star-rating";

/** Customer reviews: the heading from the first review row, a card per review, then a call to action. */
export function CustomerReviews({ title, reviews }: { title: string; reviews: HomeReview[] }) {
  return (
    <section aria-labelledby="reviews-heading" data-testid="reviews" className="py-16">
      <div className="container mx-auto px-4">
        <SectionHeading
          id="reviews-heading"
          title={title}
          description="Builders, contractors and homeowners on working with our team."
        />
        <ul className="mx-auto mt-10 grid max-w-5xl grid-cols-1 gap-6 md:rows-of-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <div className="mt-10 grid justify-items-center gap-3 text-center">
          <p className="text-lg text-muted-foreground">Ready to start your next project?</p>
          <Button asChild size="lg" className="h-11 text-base">
            <a href="#contact">
              Get Started Today
              <ArrowDown aria-hidden />
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}

function ReviewCard({ review }: { review: HomeReview }) {
  const byline = [review.company, review.project].filter(Boolean);
  return (
    <figure
      data-testid="review"
      className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-4">
        <StarRating rating={review.rating} />
        <Quote aria-hidden className="size-8 text-primary/25" />
      </div>
      {review.review && (
        <blockquote className="flex-1 text-pretty leading-relaxed">
          <p>{review.review}</p>
        </blockquote>
      )}
      <figcaption className="mt-auto flex items-center gap-3 border-t pt-4">
        {review.photoUrl ? (
          <Picture
            src={review.photoUrl}
            alt={review.name}
            asset={review.asset}
            sizes="48px"
            width={48}
            height={48}
            placeholder={PORTRAIT_PLACEHOLDER_SRC}
            className="size-12 shrink-0 rounded-full bg-muted object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="grid size-12 shrink-0 place-items-center rounded-full bg-secondary font-semibold text-secondary-foreground"
          >
            {initialsOf(review.name)}
          </span>
        )}
        <span className="grid min-w-0">
          <span className="font-semibold">{review.name}</span>
          {byline.length > 0 && <span className="text-muted-foreground text-sm">{byline.join(" · ")}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
