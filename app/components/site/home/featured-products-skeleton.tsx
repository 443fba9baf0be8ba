import { FEATURED_GRID } from "./featured-grid";
import { SectionHeading } from "./section-heading";

const PULSE = "animate-pulse rounded-md bg-muted-foreground/15";

/**
 * The featured section while its products load (a navigation to the home page): four card-shaped
 * placeholders under the real heading. The first HTML never shows it: the server waits for the
 * products.
 */
export function FeaturedProductsSkeleton() {
  return (
    <section
      aria-labelledby="featured-heading"
      aria-busy="true"
      data-testid="featured-products-loading"
      className="bg-muted/60 py-16"
    >
      <div className="container mx-auto px-4">
        <SectionHeading id="featured-heading" title="Featured Products" />
        <p role="status" className="sr-only">
          Loading featured products...
        </p>
        <ul aria-hidden="true" className={FEATURED_GRID}>
          {[0, 1, 2, 3].map((placeholder) => (
            <li key={placeholder} data-testid="featured-skeleton">
              <div className="featured-card">
                <div className="featured-card-photo animate-pulse" />
                <div className="grid gap-3 p-4">
                  <div className={`h-6 w-3/4 ${PULSE}`} />
                  <div className={`h-4 w-full ${PULSE}`} />
                  <div className={`h-4 w-5/6 ${PULSE}`} />
                  <div className={`mt-2 h-5 w-1/3 ${PULSE}`} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
