// "Download the consent pack": the job's name, its site address and the date the certificates must
// stay valid until, all optional, and the format (one PDF, or a ZIP with each document its own
// file), sent by a plain GET form to `action` (the quote list's, a product's, a quote link's, a
// customer's job's, which names its job as it is on file instead of asking),
// which answers with the file to save. A plain form (not a router Form) on purpose: the browser
// saves the file and the page stays as it is, with scripts or without. Its parts are small
// modules of their own, so the pages that share it load them with the site's shared code.
import { type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button";
import { Download } from "~/components/ui/sprite-icons";
import { ConsentPackFields } from "./consent-pack-fields";
import { ConsentPackFormat } from "./consent-pack-format";

export function ConsentPackForm({
  action = "/quote-list/consent-pack",
  description,
  className = "mt-6",
  headingLevel = 3,
  id: anchor,
  named,
}: {
  action?: string;
  description: string;
  className?: string;
  /** The heading's level where the form sits in the page's outline. */
  headingLevel?: 2 | 3;
  /** An id for links to the form (its errors send the visitor back to it). */
  id?: string;
  /** Shown instead of the job's name and site address fields: the job the pack is for. */
  named?: ReactNode;
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
      <ConsentPackFields id={id} named={named} />
      <ConsentPackFormat />
      <div>
        <Button type="submit" variant="outline">
          <Download aria-hidden="true" className="size-4" />
          Download the consent pack
        </Button>
      </div>
    </form>
  );
}
