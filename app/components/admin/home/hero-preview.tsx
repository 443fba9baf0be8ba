// How the home page's first hero slide looks: its image under the hero_background overlay, the
// title, subtitle and link button. Used by the Hero Section tab in view mode (the saved values)
// and in edit mode (the values being typed: the live preview). Nothing in it is a link.
import { ArrowRight } from "lucide-react";
import type { HeroBackground } from "~/modules/settings/hero-background";

type HeroPreviewValues = {
  title: string;
  subtitle: string;
  imageUrl: string;
  linkText: string;
};

export function HeroPreview({
  values,
  background,
}: {
  values: HeroPreviewValues;
  background: HeroBackground;
}) {
  return (
    <div
      data-testid="hero-preview"
      className="relative isolate flex min-h-64 items-center overflow-hidden rounded-lg bg-stone-900 p-6 sm:p-10"
    >
      {values.imageUrl ? (
        <img src={values.imageUrl} alt="" className="absolute inset-0 -z-20 size-full object-cover" />
      ) : (
        <div
          aria-hidden
          className="absolute inset-0 -z-20 bg-gradient-to-br from-stone-700 via-stone-800 to-orange-900"
        />
      )}
      <div
        aria-hidden
        className="absolute inset-0 -z-10"
        style={{ backgroundColor: background.color, opacity: background.opacity }}
      />
      <div className="grid min-w-0 max-w-xl gap-3 wrap-anywhere">
        <p
          className="text-balance font-extrabold text-2xl leading-tight sm:text-4xl"
          style={{ color: background.titleColor }}
        >
          {values.title || "Your hero title"}
        </p>
        {values.subtitle ? (
          <p className="text-pretty sm:text-lg" style={{ color: background.subtitleColor }}>
            {values.subtitle}
          </p>
        ) : null}
        {values.linkText ? (
          <span className="mt-2 inline-flex w-fit items-center gap-2 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm">
            {values.linkText}
            <ArrowRight aria-hidden className="size-4" />
          </span>
        ) : null}
      </div>
    </div>
  );
}
