// The printable building product information sheet: black on white, on A4 whatever the browser's
// default paper, every part of the sheet and the product's current certificates. On paper every
// link is followed by its address, and the sheet says where it is online. The site's header and
// footer hide themselves in print.

import { Link } from "react-router";
import { ArrowLeft } from "~/components/ui/sprite-icons";
import type { BuildingInfoSheetPage } from "~/modules/compliance/public.server";
import { sheetPathFor, sheetTitleFor } from "~/modules/compliance/public-text";
import { absoluteUrl } from "~/modules/seo/meta";
import { usePublicSite } from "../json-ld";
import { CertificateList } from "./certificate-list";
import { PrintButton } from "./print-button";
import { SheetDetails } from "./sheet-details";

export function PrintableSheet({ page }: { page: BuildingInfoSheetPage }) {
  const { product, sheet, certificates } = page;
  const { site } = usePublicSite();
  return (
    <article
      aria-labelledby="sheet-title"
      className="mx-auto grid max-w-3xl gap-6 px-4 py-8 print:max-w-none print:bg-white print:p-0 print:text-black"
    >
      {/* New Zealand's paper. A <style> of this page's own, gone when the visitor leaves it. */}
      <style>{"@page { size: A4; margin: 15mm; }"}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={`/catalog/${product.slug}`}
          className="inline-flex items-center gap-1.5 text-primary text-sm underline underline-offset-2"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to {product.name}
        </Link>
        <PrintButton />
      </div>
      <header className="grid gap-1">
        <h1 id="sheet-title" className="text-balance font-extrabold text-2xl tracking-tight sm:text-3xl">
          {sheetTitleFor(product.name)}
        </h1>
        <p className="text-muted-foreground text-sm print:text-black">
          {product.brandName ? `${product.brandName} · ` : ""}
          {sheet.title} · Trade Counter, New Zealand
        </p>
        <p className="text-muted-foreground text-sm print:hidden">
          To print it or save it as a PDF, use your browser's Print (Ctrl+P, or Cmd+P on a Mac).
        </p>
        <p className="hidden break-all text-sm print:block">
          Online, always current: {absoluteUrl(site, sheetPathFor(product.slug))}
        </p>
      </header>
      <SheetDetails sheet={sheet} level={2} />
      {certificates.length > 0 ? (
        <section aria-labelledby="sheet-certificates" className="grid gap-3">
          <h2 id="sheet-certificates" className="mt-2 font-semibold text-base">
            Certificates
          </h2>
          <CertificateList certificates={certificates} />
        </section>
      ) : null}
    </article>
  );
}
