import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { Clock } from "~/components/ui/sprite-icons";
import type { PublicCaseStudy } from "~/modules/case-studies/queries.server";
import { CaseStudyImage } from "./case-study-image";
import { excerpt, formatDuration } from "./case-study-text";

type CaseStudyCardProps = {
  study: PublicCaseStudy;
  /** Where "View Details" leads: this page with ?study=<id>. */
  detailsHref: string;
  /** The first card: its picture is fetched at once (it is the page's LCP). */
  priority?: boolean;
};

export function CaseStudyCard({ study, detailsHref, priority = false }: CaseStudyCardProps) {
  const duration = formatDuration(study.durationMonths);
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <CaseStudyImage src={study.imageUrl} asset={study.asset} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {study.categoryName ? <Badge variant="secondary">{study.categoryName}</Badge> : <span />}
          {duration && (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Clock aria-hidden className="size-4" />
              <span className="sr-only">Duration: </span>
              {duration}
            </span>
          )}
        </div>
        {/* The title leads to the study's own page; View Details opens it here, for quick reading. */}
        <h2 className="font-semibold text-lg leading-snug">
          <Link
            to={`/case-study/${study.slug}`}
            className="underline-offset-4 hover:text-primary hover:underline"
          >
            {study.title}
          </Link>
        </h2>
        {study.challenge && <p className="text-muted-foreground text-sm">{excerpt(study.challenge)}</p>}
        <Button asChild variant="outline" className="mt-auto w-full">
          <Link
            to={detailsHref}
            preventScrollReset
            state={{ openedFromList: true }}
            aria-label={`View Details: ${study.title}`}
          >
            View Details
          </Link>
        </Button>
      </div>
    </article>
  );
}

export function CaseStudyCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-3 p-5">
        <div className="flex justify-between">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-5 w-20" />
        </div>
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-2 h-9 w-full" />
      </div>
    </div>
  );
}
