import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FolderOpen, TriangleAlert } from "~/components/ui/sprite-icons";
import { CaseStudyCardSkeleton } from "./case-study-card";

export function CaseStudyGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      <p role="status" className="sr-only">
        Loading case studies...
      </p>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <CaseStudyCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The load-failure screen; "Try Again" re-requests the same page, with or without JavaScript. */
export function CaseStudiesError({ basePath, category }: { basePath: string; category: string | null }) {
  return (
    <div role="alert" className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center">
      <TriangleAlert aria-hidden className="size-12 text-destructive" />
      <h2 className="font-semibold text-2xl">Error Loading Case Studies</h2>
      <p className="text-muted-foreground">Failed to load case studies. Please try again later.</p>
      <Form method="get" action={basePath} preventScrollReset>
        {category && <input type="hidden" name="category" value={category} />}
        <Button type="submit">Try Again</Button>
      </Form>
    </div>
  );
}

export function CaseStudiesEmpty({
  basePath,
  categoryName,
}: {
  basePath: string;
  categoryName: string | null;
}) {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center">
      <FolderOpen aria-hidden className="size-12 text-muted-foreground" />
      <h2 className="font-semibold text-2xl">No Case Studies Available</h2>
      {categoryName ? (
        <p className="text-muted-foreground">
          We have no {categoryName} projects to show yet.{" "}
          <Link
            to={basePath}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            See all case studies
          </Link>
        </p>
      ) : (
        <p className="text-muted-foreground">Check back soon to see the projects we have supplied.</p>
      )}
    </div>
  );
}

/** The closing call to action. */
export function GetInTouch() {
  return (
    <section aria-labelledby="case-studies-cta" className="bg-stone-900 text-white">
      <div className="container mx-auto grid justify-items-center gap-4 px-4 py-16 text-center">
        <h2 id="case-studies-cta" className="text-balance font-bold text-3xl">
          Planning a project of your own?
        </h2>
        <p className="max-w-xl text-stone-300">
          Tell us what you are building. Our team will help you choose the right materials and put a quote
          together for you.
        </p>
        <Button asChild size="lg" className="mt-2">
          <Link to="/contact">Get In Touch</Link>
        </Button>
      </div>
    </section>
  );
}
