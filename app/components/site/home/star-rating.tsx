import { Star } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";

/** Five stars, `rating` of them filled, read out as "Rated N out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className={cx("flex gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} aria-hidden className={star <= rating ? "star star-on" : "star"} />
      ))}
    </div>
  );
}
