import { Building2, Clock } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { PublicCaseStudy } from "~/modules/case-studies/queries.server";
import { Picture } from "../picture";
import { formatDuration } from "./case-study-text";

/** A case study on its own page, /case-study/SLUG: the dialog's content with the page's headings. */
export function CaseStudyArticle({ study }: { study: PublicCaseStudy }) {
  const duration = formatDuration(study.durationMonths);
  const sections = [
    { heading: "The Challenge", text: study.challenge },
    { heading: "Our Solution", text: study.solution },
    { heading: "The Result", text: study.result },
  ].filter((section) => section.text);
  return (
    <article aria-labelledby="case-study-title" className="grid gap-6">
      <header className="grid gap-3">
        <h1 id="case-study-title" className="text-balance font-extrabold text-3xl tracking-tight sm:text-4xl">
          {study.title}
        </h1>
        <p className="flex flex-wrap items-center gap-3 text-muted-foreground text-sm">
          {study.categoryName && <Badge variant="secondary">{study.categoryName}</Badge>}
          {duration && (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="size-4" />
              Duration: {duration}
            </span>
          )}
        </p>
      </header>
      <div className="relative aspect-video overflow-hidden rounded-xl bg-muted">
        {study.imageUrl ? (
          // The first picture on the page: fetched at once.
          <Picture
            src={study.imageUrl}
            alt=""
            asset={study.asset}
            sizes="(min-width: 896px) 832px, 100vw"
            width={1280}
            height={720}
            priority
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <Building2 aria-hidden className="size-12" />
          </div>
        )}
      </div>
      {study.materials.length > 0 && (
        <section aria-labelledby="materials-heading">
          <h2 id="materials-heading" className="mb-2 font-semibold text-xl">
            Materials Used
          </h2>
          <ul className="flex flex-wrap gap-2">
            {study.materials.map((material, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: staff may list the same material twice
              <li key={`${index}-${material}`}>
                <Badge variant="outline">{material}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="mb-1 font-semibold text-xl">{section.heading}</h2>
          <p className="whitespace-pre-line text-muted-foreground leading-relaxed">{section.text}</p>
        </section>
      ))}
    </article>
  );
}
