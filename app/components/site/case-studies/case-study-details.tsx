import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Clock, X } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import type { PublicCaseStudy } from "~/modules/case-studies/queries.server";
import { CaseStudyImage } from "./case-study-image";
import { formatDuration } from "./case-study-text";

/** Category and duration, under a case study's title. */
export function CaseStudySummary({ study }: { study: PublicCaseStudy }) {
  const duration = formatDuration(study.durationMonths);
  return (
    <span className="flex flex-wrap items-center gap-3 text-muted-foreground text-sm">
      {study.categoryName && <Badge variant="secondary">{study.categoryName}</Badge>}
      {duration && (
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden className="size-4" />
          Duration: {duration}
        </span>
      )}
    </span>
  );
}

/**
 * The picture, materials and the three texts of a case study: in the dialog and the no-JS section
 * (headings h3 under the title's h2), and on its own page (`level` 2, under the page's h1, with
 * the page's own `image`).
 */
export function CaseStudyBody({
  study,
  level = 3,
  image,
}: {
  study: PublicCaseStudy;
  level?: 2 | 3;
  image?: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  const large = level === 2;
  const sections = [
    { heading: "The Challenge", text: study.challenge },
    { heading: "Our Solution", text: study.solution },
    { heading: "The Result", text: study.result },
  ].filter((section) => section.text);
  return (
    <div className={large ? "grid gap-6" : "grid gap-5"}>
      {image ?? (
        <CaseStudyImage
          src={study.imageUrl}
          asset={study.asset}
          sizes="(min-width: 640px) 600px, 100vw"
          className="aspect-video rounded-lg"
        />
      )}
      {study.materials.length > 0 && (
        <section aria-labelledby={`materials-${study.id}`}>
          <Heading id={`materials-${study.id}`} className={cx("mb-2 font-semibold", large && "text-xl")}>
            Materials Used
          </Heading>
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
          <Heading className={cx("mb-1 font-semibold", large && "text-xl")}>{section.heading}</Heading>
          <p className={cx("whitespace-pre-line text-muted-foreground leading-relaxed", !large && "text-sm")}>
            {section.text}
          </p>
        </section>
      ))}
    </div>
  );
}

/** The detail view as a modal dialog (JavaScript on). */
export function CaseStudyDialog({ study, onClose }: { study: PublicCaseStudy | null; onClose: () => void }) {
  return (
    <Dialog open={study !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {study && (
          <>
            <DialogHeader>
              <DialogTitle className="text-xl leading-snug">{study.title}</DialogTitle>
              <DialogDescription asChild>
                <div>
                  <CaseStudySummary study={study} />
                </div>
              </DialogDescription>
            </DialogHeader>
            <CaseStudyBody study={study} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The same details rendered in the page (the server's answer to ?study=<id>), for browsers
 * without JavaScript, where the dialog cannot open.
 */
export function CaseStudyDetailsSection({ study, closeHref }: { study: PublicCaseStudy; closeHref: string }) {
  return (
    <section
      id="case-study-details"
      aria-labelledby="case-study-details-title"
      className="relative mb-10 grid gap-4 rounded-xl border bg-card p-6 shadow-sm"
    >
      <Link
        to={closeHref}
        className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      >
        <X aria-hidden className="size-4" />
        <span className="sr-only">Close details</span>
      </Link>
      <div className="grid gap-2 pr-10">
        <h2 id="case-study-details-title" className="font-semibold text-2xl leading-snug">
          {study.title}
        </h2>
        <CaseStudySummary study={study} />
      </div>
      <CaseStudyBody study={study} />
    </section>
  );
}
