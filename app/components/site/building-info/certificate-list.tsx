// The certificates covering a product that are current or expiring, one line each: "Certificate
// CM12345, current, checked against the register on 3 March 2026", with the scheme, holder,
// expiry date, and links to the public register and the file (their full addresses printed
// after them on paper).
import { formatNzDate } from "~/lib/nz-date";
import { certificationDownloadHref } from "~/modules/certifications/download";
import type { PublicCertificate } from "~/modules/compliance/public.server";
import { certificateHeading, certificateLine } from "~/modules/compliance/public-text";
import { PrintedAddress } from "./sheet-details";

const linkClass = "text-primary underline underline-offset-2 print:text-black";

export function CertificateList({ certificates }: { certificates: PublicCertificate[] }) {
  return (
    <ul className="grid gap-3">
      {certificates.map((certificate) => {
        const details = [
          certificate.holder && `Holder: ${certificate.holder}`,
          certificate.certificationBody && `Issued by ${certificate.certificationBody}`,
          certificate.expiresOn && `Valid until ${formatNzDate(certificate.expiresOn)}`,
        ].filter(Boolean);
        return (
          <li
            key={certificate.id}
            className="grid break-inside-avoid gap-1 rounded-md border p-3 text-sm print:border-black"
          >
            <p className="font-medium">{certificateHeading(certificate)}</p>
            <p data-testid="certificate-line">{certificateLine(certificate)}</p>
            {details.length > 0 ? (
              <p className="text-muted-foreground print:text-black">{details.join(" · ")}</p>
            ) : null}
            {certificate.registerUrl || certificate.fileUrl ? (
              <p className="flex flex-wrap gap-x-4 gap-y-1 print:grid">
                {certificate.registerUrl ? (
                  <span>
                    <a href={certificate.registerUrl} rel="noopener noreferrer" className={linkClass}>
                      Check it on the public register<span className="sr-only"> ({certificate.title})</span>
                    </a>
                    <PrintedAddress href={certificate.registerUrl} />
                  </span>
                ) : null}
                {certificate.fileUrl ? (
                  <span>
                    <a href={certificationDownloadHref(certificate.fileUrl)} className={linkClass}>
                      Download the certificate<span className="sr-only"> ({certificate.title})</span>
                    </a>
                    <PrintedAddress href={certificationDownloadHref(certificate.fileUrl)} />
                  </span>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
