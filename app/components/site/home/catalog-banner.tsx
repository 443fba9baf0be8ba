import { Button } from "~/components/ui/button";
import { BookOpen } from "~/components/ui/sprite-icons";
import type { CatalogBanner as CatalogBannerContent } from "~/modules/content/home.server";
import { Picture } from "../picture";
import { ContentLink } from "./content-link";

/** The monthly catalogue banner: the first active 'catalog' row (the route leaves it out when there is none). */
export function CatalogBanner({ banner }: { banner: CatalogBannerContent }) {
  return (
    <section aria-labelledby="catalog-banner-heading" data-testid="catalog-banner" className="py-8">
      <div className="container mx-auto px-4">
        <div className="relative isolate overflow-hidden rounded-2xl bg-stone-900 text-white">
          {banner.imageUrl && (
            <Picture
              src={banner.imageUrl}
              alt=""
              asset={banner.asset}
              sizes="(min-width: 1536px) 1504px, 100vw"
              width={1600}
              height={600}
              className="-z-10 absolute inset-0 size-full object-cover object-right"
            />
          )}
          {/* Solid on the text side, clear over the picture's subject on the right. */}
          <div
            aria-hidden
            className="-z-10 absolute inset-0 bg-gradient-to-r from-stone-950 via-stone-950/90 to-stone-950/30 max-md:bg-stone-950/85"
          />
          <div className="grid max-w-xl gap-4 px-6 py-12 sm:px-10 sm:py-16">
            <p className="inline-flex items-center gap-2 font-semibold text-orange-300 text-sm uppercase tracking-wider">
              <BookOpen aria-hidden className="size-4" /> Monthly Catalogue
            </p>
            <h2 id="catalog-banner-heading" className="text-balance font-bold text-3xl sm:text-4xl">
              {banner.title}
            </h2>
            {banner.subtitle && <p className="text-lg text-stone-200">{banner.subtitle}</p>}
            <Button asChild size="lg" className="mt-2 h-11 w-fit text-base">
              <ContentLink to={banner.linkUrl}>{banner.linkText}</ContentLink>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
