import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Award, Download, ExternalLink } from "~/components/ui/sprite-icons";
import { formatNzDate } from "~/lib/nz-date";
import { certificationDownloadHref } from "~/modules/certifications/download";
import { SCHEME_LABELS } from "~/modules/certifications/labels";
import type { PublicCertification } from "~/modules/certifications/queries.server";
import { Picture } from "../picture";

/**
 * A certificate: preview image (or a placeholder), details (a building-product certificate's
 * scheme, number, and whether it is current or expiring with its expiry date), and View /
 * Download links.
 */
export function CertificationCard({
  certification,
  priority = false,
}: {
  certification: PublicCertification;
  /** The first card: its preview is fetched at once (it is the page's LCP). */
  priority?: boolean;
}) {
  const { title, description, categoryName, fileUrl, fileType, imageUrl, allowDownload } = certification;
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {imageUrl ? (
          <Picture
            src={imageUrl}
            alt=""
            asset={certification.asset}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            width={800}
            height={600}
            priority={priority}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <Award aria-hidden className="size-14" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          {categoryName && <Badge variant="secondary">{categoryName}</Badge>}
          <Badge variant="outline">
            <span className="sr-only">File type: </span>
            {fileType}
          </Badge>
        </div>
        <h2 className="font-semibold text-lg leading-snug">{title}</h2>
        {certification.scheme || certification.expiresOn ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {certification.scheme ? (
              <>
                <dt className="text-muted-foreground">{SCHEME_LABELS[certification.scheme]}</dt>
                <dd>{certification.certificateNumber}</dd>
              </>
            ) : null}
            {certification.expiresOn ? (
              <>
                <dt className="text-muted-foreground">
                  {certification.statusWords.charAt(0).toUpperCase() + certification.statusWords.slice(1)}
                </dt>
                <dd>valid until {formatNzDate(certification.expiresOn)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {description && <p className="text-muted-foreground text-sm">{description}</p>}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button asChild variant="outline" className="flex-1">
            <a href={fileUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              View<span className="sr-only"> {title} (opens in a new tab)</span>
            </a>
          </Button>
          {allowDownload && (
            <Button asChild className="flex-1">
              <a href={certificationDownloadHref(fileUrl)} download>
                <Download aria-hidden />
                Download<span className="sr-only"> {title}</span>
              </a>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
