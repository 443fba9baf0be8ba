import type { UseEmblaCarouselType } from "embla-carousel-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { ArrowRight, ChevronLeft, ChevronRight } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import { whenIdle } from "~/lib/when-idle";
import type { HeroSlide } from "~/modules/content/home.server";
import type { HeroBackground } from "~/modules/settings/hero-background";
import { Picture } from "../picture";
import { ContentLink } from "./content-link";

type CarouselApi = UseEmblaCarouselType[1];

const HERO_AUTOPLAY_DELAY_MS = 5000;
/** The hero spans the viewport; the route's preload must ask for the same size. */
const HERO_IMAGE_SIZES = "100vw";

const HeroCarouselDriver = lazy(() => import("./hero-carousel-driver"));

/**
 * Embla on the viewport, fetched when the browser is idle or the visitor reaches for the carousel
 * (`wake`), so it is not part of the page's first load. Until then the first slide stands alone,
 * as it does without JavaScript. `driver` is the element that runs it.
 */
function useCarouselOnDemand({ loop, active }: { loop: boolean; active: boolean }) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<CarouselApi>();
  const wake = useCallback(() => setWanted(true), []);
  useEffect(() => whenIdle(wake), [wake]);
  const driver =
    wanted && viewport ? (
      <Suspense fallback={null}>
        <HeroCarouselDriver viewport={viewport} loop={loop} active={active} onApi={setApi} />
      </Suspense>
    ) : null;
  return { viewportRef: setViewport, api, wake, driver };
}

/**
 * The home hero: staff-managed slides under the hero_background overlay. Autoplay advances every
 * five seconds until the visitor does anything with the carousel (pointer, key, focus, arrow),
 * then stops for good, so nothing moves away from someone who is reading or using it.
 */
export function HeroCarousel({ slides, background }: { slides: HeroSlide[]; background: HeroBackground }) {
  const several = slides.length > 1;
  const { viewportRef, api, wake, driver } = useCarouselOnDemand({ loop: several, active: several });
  const [selected, setSelected] = useState(0);
  const [autoplay, setAutoplay] = useState(several);

  const stopAutoplay = useCallback(() => setAutoplay(false), []);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on("select", onSelect).on("reInit", onSelect).on("pointerDown", stopAutoplay);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect).off("pointerDown", stopAutoplay);
    };
  }, [api, stopAutoplay]);

  useEffect(() => {
    if (!api || !autoplay) return;
    // Slides that move by themselves are what reduced motion asks us not to do.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => api.scrollNext(), HERO_AUTOPLAY_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [api, autoplay]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-testid="hero"
      // "ready" once Embla runs: before that (server HTML, no JavaScript) the first slide stands alone.
      data-carousel={api ? "ready" : "static"}
      className="relative bg-stone-900"
      onPointerEnter={wake}
      onPointerDown={stopAutoplay}
      onKeyDown={stopAutoplay}
      onFocus={() => {
        wake();
        stopAutoplay();
      }}
    >
      {driver}
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={autoplay ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <HeroSlideView
              key={slide.id}
              slide={slide}
              index={index}
              count={slides.length}
              current={index === selected}
              background={background}
            />
          ))}
        </div>
      </div>
      {/* The arrows and dots need Embla: without JavaScript they could not work, so they are not shown. */}
      {several && api && (
        <>
          <ArrowButton direction="previous" onClick={() => api.scrollPrev()} />
          <ArrowButton direction="next" onClick={() => api.scrollNext()} />
          <div className="-translate-x-1/2 absolute bottom-4.5 left-1/2 z-10 flex gap-1">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => api.scrollTo(index)}
                className="group grid size-6 place-items-center rounded-full"
              >
                <span
                  aria-hidden
                  className={cx(
                    "block h-2 rounded-full transition-all group-hover:bg-white",
                    index === selected ? "w-6 bg-white" : "w-2 bg-white/60",
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function HeroSlideView({
  slide,
  index,
  count,
  current,
  background,
}: {
  slide: HeroSlide;
  index: number;
  count: number;
  current: boolean;
  background: HeroBackground;
}) {
  // One h1 per page: the first slide's title is the page's heading.
  const Title = index === 0 ? "h1" : "h2";
  const first = index === 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide; a fieldset is for form controls.
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-current={count > 1 && current ? "true" : undefined}
      data-testid="hero-slide"
      className="relative flex min-h-[26rem] min-w-0 shrink-0 grow-0 basis-full items-center sm:min-h-[32rem] lg:min-h-[36rem]"
    >
      {slide.imageUrl ? (
        <Picture
          src={slide.imageUrl}
          alt=""
          asset={slide.asset}
          sizes={HERO_IMAGE_SIZES}
          width={1600}
          height={900}
          // The first slide is the page's largest paint: fetched first (and preloaded by the route).
          priority={first}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div
          aria-hidden
          className="absolute inset-0 bg-gradient-to-br from-stone-700 via-stone-800 to-orange-900"
        />
      )}
      <div
        aria-hidden
        data-testid="hero-overlay"
        className="absolute inset-0"
        style={{ backgroundColor: background.color, opacity: background.opacity }}
      />
      <div className="container relative mx-auto px-4 py-16 sm:px-16 lg:px-20">
        <div className="max-w-2xl">
          <Title
            className="text-balance font-extrabold text-3xl leading-tight sm:text-5xl"
            style={{ color: background.titleColor }}
          >
            {slide.title}
          </Title>
          {slide.subtitle && (
            <p className="mt-4 text-pretty text-lg sm:text-xl" style={{ color: background.subtitleColor }}>
              {slide.subtitle}
            </p>
          )}
          <Button asChild size="lg" className="mt-8 h-11 text-base">
            <ContentLink to={slide.linkUrl}>
              {slide.linkText}
              <ArrowRight aria-hidden />
            </ContentLink>
          </Button>
        </div>
      </div>
    </div>
  );
}

function ArrowButton({ direction, onClick }: { direction: "previous" | "next"; onClick: () => void }) {
  const Icon = direction === "previous" ? ChevronLeft : ChevronRight;
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={direction === "previous" ? "Previous slide" : "Next slide"}
      onClick={onClick}
      className={cx(
        // Below 640px the arrows sit at the bottom corners, clear of the slide's text.
        "absolute bottom-2 z-10 size-11 rounded-full border-white/40 bg-black/40 text-white hover:bg-black/60 hover:text-white sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2",
        direction === "previous" ? "left-4" : "right-4",
      )}
    >
      <Icon aria-hidden className="size-6" />
    </Button>
  );
}
