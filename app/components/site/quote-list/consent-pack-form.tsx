// "Download the consent pack": the job's name, its site address and the date the certificates must
// stay valid until, all optional, and the format (one PDF, or a ZIP with each document its own
// file), sent by a plain GET form to `action` (the quote list's, a product's, a quote link's),
// which answers with the file to save. A plain form (not a router Form) on purpose: the browser
// saves the file and the page stays as it is, with scripts or without.
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Download } from "~/components/ui/sprite-icons";
import { JOB_NAME_MAX, SITE_ADDRESS_MAX } from "~/modules/consent-pack/limits";

export function ConsentPackForm({
  action = "/quote-list/consent-pack",
  description = "One PDF for your council: each listed product's building product information and its current certificates, with an index. Name the job if you like; all fields are optional.",
  className = "mt-6",
  headingLevel = 3,
  id: anchor,
}: {
  action?: string;
  description?: string;
  className?: string;
  /** The heading's level where the form sits in the page's outline. */
  headingLevel?: 2 | 3;
  /** An id for links to the form (its errors send the visitor back to it). */
  id?: string;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <form
      id={anchor}
      method="get"
      action={action}
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-hint`}
      className={`${className} grid gap-3 rounded-lg border bg-muted/40 p-4`}
    >
      <Heading id={`${id}-heading`} className="font-semibold text-lg">
        Consent pack
      </Heading>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        {description}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-job`} className="font-medium text-sm">
            Job name
          </label>
          <Input id={`${id}-job`} name="job" maxLength={JOB_NAME_MAX} autoComplete="off" />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-site`} className="font-medium text-sm">
            Site address
          </label>
          <Input id={`${id}-site`} name="site" maxLength={SITE_ADDRESS_MAX} autoComplete="street-address" />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-until`} className="font-medium text-sm">
            Certificates needed until
          </label>
          <Input id={`${id}-until`} name="until" type="date" aria-describedby={`${id}-until-hint`} />
          <p id={`${id}-until-hint`} className="text-muted-foreground text-xs">
            The index warns of any certificate that expires before this date.
          </p>
        </div>
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 font-medium text-sm">Format</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="format" value="pdf" defaultChecked className="size-4 accent-primary" />
          PDF: one file with an index and page numbers
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="format" value="zip" className="size-4 accent-primary" />
          ZIP: each document its own file, with the index as a PDF
        </label>
      </fieldset>
      <div>
        <Button type="submit" variant="outline">
          <Download aria-hidden="true" className="size-4" />
          Download the consent pack
        </Button>
      </div>
    </form>
  );
}
