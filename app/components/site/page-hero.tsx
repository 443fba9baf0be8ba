import type * as React from "react";
import { cx } from "~/lib/cx";

type PageHeroProps = {
  title: string;
  subtitle?: React.ReactNode;
  /** A short label above the title, e.g. the section of the site. */
  eyebrow?: string;
  /** Extra content under the subtitle (a search box, buttons). */
  children?: React.ReactNode;
  className?: string;
};

/** The dark banner that opens an inner page; it holds the page's only `<h1>`. */
export function PageHero({ title, subtitle, eyebrow, children, className }: PageHeroProps) {
  return (
    <section
      className={cx(
        "relative isolate overflow-hidden bg-stone-900 text-white",
        "bg-[radial-gradient(circle_at_85%_15%,rgb(234_88_12/0.35),transparent_45%),linear-gradient(135deg,#1c1917,#292524)]",
        className,
      )}
    >
      <div className="container mx-auto px-4 py-14 sm:py-20">
        {eyebrow && (
          <p className="mb-3 font-semibold text-orange-300 text-sm uppercase tracking-wider">{eyebrow}</p>
        )}
        <h1 className="max-w-3xl text-balance font-extrabold text-3xl tracking-tight sm:text-5xl">{title}</h1>
        {subtitle && <p className="mt-4 max-w-2xl text-pretty text-lg text-stone-300">{subtitle}</p>}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
