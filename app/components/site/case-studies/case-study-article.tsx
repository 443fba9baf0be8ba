import { Building2 } from "~/components/ui/sprite-icons";
import type { PublicCaseStudy } from "~/modules/case-studies/queries.server";
import { Picture } from "../picture";
import { CaseStudyBody, CaseStudySummary } from "./case-study-details";

/** A case study on its own page, /case-study/SLUG: the dialog's content with the page's headings. */
export function CaseStudyArticle({ study }: { study: PublicCaseStudy }) {
  return (
    <article aria-labelledby="case-study-title" className="grid gap-6">
      <header className="grid gap-3">
        <h1 id="case-study-title" className="text-balance font-extrabold text-3xl tracking-tight sm:text-4xl">
          {study.title}
        </h1>
        <p>
          <CaseStudySummary study={study} />
        </p>
      </header>
      <CaseStudyBody
        study={study}
        level={2}
        image={
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
        }
      />
    </article>
  );
}
