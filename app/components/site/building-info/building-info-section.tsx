// The product page's "Building product information" section: the sheet (its long parts folded in
// a <details>, open without JavaScript) and the current certificates, with the link to the
// printable sheet. Server-rendered content only: it adds no script to the page.

import { Link } from "react-router";
import { FileText } from "~/components/ui/sprite-icons";
import { formatNzDate } from "~/lib/nz-date";
import { isDesignated } from "~/modules/compliance/completeness";
import type { PublicBuildingInfo } from "~/modules/compliance/public.server";
import { PRODUCT_CLASS_MEANINGS, PRODUCT_CLASS_NAMES, sheetPathFor } from "~/modules/compliance/public-text";
import { CertificateList } from "./certificate-list";
import { SheetDetails, SheetWarning } from "./sheet-details";

export function BuildingInfoSection({ info, slug }: { info: PublicBuildingInfo; slug: string }) {
  const { sheet, certificates } = info;
  if (!sheet && certificates.length === 0) return null;
  const warnings = sheet?.warnings?.trim();
  const short = sheet && !isDesignated(sheet.classification) && sheet.responsibility !== "reseller";
  return (
    <section
      id="building-information"
      aria-labelledby="building-information-heading"
      className="mt-12 grid scroll-mt-20 gap-5 rounded-xl border p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="building-information-heading" className="font-bold text-2xl tracking-tight">
          Building product information
        </h2>
        {sheet ? (
          <Link
            to={sheetPathFor(slug)}
            className="inline-flex items-center gap-1.5 text-primary text-sm underline underline-offset-2"
          >
            <FileText aria-hidden className="size-4" />
            Printable sheet
          </Link>
        ) : null}
      </div>
      {sheet ? (
        short ? (
          <SheetDetails sheet={sheet} level={3} />
        ) : (
          <>
            {warnings ? <SheetWarning warnings={warnings} /> : null}
            <p className="text-sm">
              <span className="font-medium">{PRODUCT_CLASS_NAMES[sheet.classification]}.</span>{" "}
              {PRODUCT_CLASS_MEANINGS[sheet.classification]}{" "}
              <span className="text-muted-foreground">
                Version {sheet.version}
                {sheet.reviewedOn ? `, last reviewed on ${formatNzDate(sheet.reviewedOn)}` : ""}.
              </span>
            </p>
            <details className="group rounded-md border p-4">
              <summary className="cursor-pointer font-medium">The full building product information</summary>
              <div className="mt-4">
                <SheetDetails sheet={{ ...sheet, warnings: null }} level={3} />
              </div>
            </details>
          </>
        )
      ) : null}
      {certificates.length > 0 ? (
        <div className="grid gap-3">
          <h3 className="font-semibold text-lg">Certificates</h3>
          <CertificateList certificates={certificates} />
        </div>
      ) : null}
    </section>
  );
}
