import { Link } from "react-router";
import { TERMS_SECTIONS } from "~/components/site/terms/terms-sections";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { pageMeta, siteFromMatches } from "~/modules/seo/meta";
import type { Route } from "./+types/terms";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Trading Terms and Conditions",
    description:
      "Trade Counter's trading terms: quotes and pricing, orders, payment and trade accounts, delivery, returns, defects, the 10-year warranty, care and maintenance, and your rights under New Zealand law.",
    path: "/terms-conditions",
  });
}

export default function Terms() {
  return (
    <article className="container mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="mb-8 border-b pb-6">
        <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">Trading Terms and Conditions</h1>
        <p className="mt-2 text-muted-foreground">Last updated: January 2025</p>
      </header>
      <nav aria-label="On this page" className="mb-10 rounded-lg bg-muted p-5">
        <h2 className="mb-3 font-semibold">On this page</h2>
        <ol className="grid gap-1.5 text-sm sm:grid-cols-2">
          {TERMS_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary underline-offset-4 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-10 leading-relaxed">
        {TERMS_SECTIONS.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="grid gap-3">
            <h2 id={section.id} className="scroll-mt-24 font-bold text-xl">
              {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
      <p className="mt-12 border-t pt-6 text-muted-foreground">
        Questions about these terms?{" "}
        <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
          Contact us
        </Link>
        .
      </p>
    </article>
  );
}
