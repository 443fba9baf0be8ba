// Everything an enquiry says: who sent it and how to reach them, what they asked, the products
// on their quote list (linked to the catalogue while the product exists), the attachment, where
// it came from, when (New Zealand time) and, for spam, why it was judged so.
//
//   <EnquiryDetails enquiry={view} />
import { PaperclipIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNzDateTime } from "~/lib/nz-date";
import { SOURCE_LABELS, SPAM_REASON_LABELS } from "~/modules/enquiries/follow-up.schema";
import type { EnquiryView } from "~/modules/enquiries/view";
import { DetailItem, NotGiven } from "./detail-item";
import { downloadFile } from "./download-file";
import { EnquiryStatusBadge } from "./enquiry-status-badge";

function DateTime({ value }: { value: Date }) {
  const date = new Date(value);
  return <time dateTime={date.toISOString()}>{formatNzDateTime(date)}</time>;
}

/** The admin catalogue searched for the product, so it opens on that product's row. */
function productHref(name: string) {
  return `/admin/catalog?${new URLSearchParams({ q: name }).toString()}`;
}

export function EnquiryDetails({ enquiry }: { enquiry: EnquiryView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Enquiry</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <DetailItem term="Name">{enquiry.fullName}</DetailItem>
          <DetailItem term="Email">
            <a href={`mailto:${enquiry.email}`} className="text-primary underline-offset-4 hover:underline">
              {enquiry.email}
            </a>
          </DetailItem>
          <DetailItem term="Phone">
            {enquiry.phone ? (
              <a href={`tel:${enquiry.phone}`} className="text-primary underline-offset-4 hover:underline">
                {enquiry.phone}
              </a>
            ) : (
              <NotGiven />
            )}
          </DetailItem>
          <DetailItem term="Subject">{enquiry.subject}</DetailItem>
          <DetailItem term="Reference">
            <span className="font-mono">{enquiry.reference}</span>
          </DetailItem>
          <DetailItem term="Received">
            <DateTime value={enquiry.createdAt} />
          </DetailItem>
          <DetailItem term="Sent from">
            {`${SOURCE_LABELS[enquiry.source] ?? enquiry.source}${enquiry.accountId ? ", signed in to a customer account" : ""}`}
          </DetailItem>
          {enquiry.job ? (
            <DetailItem term="Job">{`${enquiry.job.name}${enquiry.job.siteAddress ? `, ${enquiry.job.siteAddress}` : ""}`}</DetailItem>
          ) : null}
          <DetailItem term="Status">
            <EnquiryStatusBadge status={enquiry.status} />
          </DetailItem>
          {enquiry.closedAt ? (
            <DetailItem term="Closed">
              <DateTime value={enquiry.closedAt} />
            </DetailItem>
          ) : null}
          {enquiry.status === "Spam" && enquiry.spamReason ? (
            <DetailItem term="Why it is spam">
              {SPAM_REASON_LABELS[enquiry.spamReason] ?? enquiry.spamReason}
            </DetailItem>
          ) : null}
        </dl>

        <section aria-labelledby="enquiry-message" className="grid gap-2">
          <h3 id="enquiry-message" className="font-semibold">
            Message
          </h3>
          <p className="whitespace-pre-line wrap-anywhere rounded-md border bg-muted/40 p-3">
            {enquiry.message}
          </p>
        </section>

        <section aria-labelledby="enquiry-products" className="grid gap-2">
          <h3 id="enquiry-products" className="font-semibold">
            Products asked about
          </h3>
          {enquiry.lines.length === 0 ? (
            <p className="text-muted-foreground text-sm">No quote list came with this enquiry.</p>
          ) : (
            <ul className="grid gap-1">
              {enquiry.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed, ordered snapshot
                <li key={index}>
                  <span className="font-medium tabular-nums">{line.quantity} ×</span>{" "}
                  {line.productId ? (
                    <Link
                      to={productHref(line.currentName ?? line.productName)}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {line.productName}
                    </Link>
                  ) : (
                    <>
                      {line.productName}{" "}
                      <span className="text-muted-foreground text-sm">(no longer in the catalogue)</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="enquiry-attachment" className="grid gap-2">
          <h3 id="enquiry-attachment" className="font-semibold">
            Attachment
          </h3>
          {enquiry.fileHref ? (
            <Button asChild variant="outline" className="justify-self-start">
              <a
                href={enquiry.fileHref}
                download
                onClick={(event) => downloadFile(event, enquiry.fileHref as string)}
              >
                <PaperclipIcon aria-hidden />
                Download the attached file
              </a>
            </Button>
          ) : enquiry.attachmentDeletedAt ? (
            <p className="text-muted-foreground text-sm">
              Deleted under the retention setting on <DateTime value={enquiry.attachmentDeletedAt} />.
            </p>
          ) : (
            <p className="text-muted-foreground text-sm">No file was attached.</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
