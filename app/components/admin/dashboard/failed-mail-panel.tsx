// Dashboard > Mail that failed (admins only): the e-mails the outbox gave up on after their
// retries, each with its last error and a Retry button, and how many are still waiting to go.
// Retry is a plain form post, so it works without JavaScript too.
import { MailWarningIcon } from "lucide-react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNzDateTime } from "~/lib/nz-date";
import type { FailedMail, MailHealth } from "~/modules/dashboard/mail.server";

const KIND_LABELS: Record<FailedMail["kind"], string> = {
  staff_notification: "Staff notification",
  customer_acknowledgement: "Customer acknowledgement",
  account_confirmation: "Account confirmation",
  sign_in_link: "Sign-in link",
  email_change: "E-mail address change",
  quote: "Quote",
  quote_reminder: "Quote reminder",
  quote_answer: "Quote answer",
  certificate_reminder: "Certificate reminder",
};

function waitingText(waiting: number) {
  if (waiting === 0) return "No mail is waiting to be sent.";
  return `${waiting} ${waiting === 1 ? "message is" : "messages are"} waiting to be sent.`;
}

function FailedMailItem({ mail }: { mail: FailedMail }) {
  const fetcher = useAdminFetcher({ key: `retry-mail-${mail.id}` });
  const busy = fetcher.state !== "idle";
  return (
    <li className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <p className="break-words font-medium">{mail.subject}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
          <Badge variant="outline">{KIND_LABELS[mail.kind]}</Badge>
          <span className="break-all">To {mail.recipients.join(", ")}</span>
        </p>
        <p className="text-muted-foreground text-sm">
          Failed{" "}
          <time dateTime={new Date(mail.failedAt).toISOString()}>{formatNzDateTime(mail.failedAt)}</time>{" "}
          after {mail.attempts} {mail.attempts === 1 ? "attempt" : "attempts"}
        </p>
        {mail.lastError ? (
          <p className="break-words rounded-md bg-muted px-2 py-1 font-mono text-xs">{mail.lastError}</p>
        ) : null}
      </div>
      <fetcher.Form method="post" className="sm:justify-self-end">
        <input type="hidden" name="intent" value="retry-mail" />
        <input type="hidden" name="id" value={mail.id} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Retry: ${mail.subject}`}
        >
          {busy ? "Retrying..." : "Retry"}
        </Button>
      </fetcher.Form>
    </li>
  );
}

export function FailedMailPanel({ health }: { health: MailHealth | null }) {
  return (
    <section aria-labelledby="failed-mail-heading">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="failed-mail-heading" className="flex items-center gap-2">
              <MailWarningIcon aria-hidden className="size-4 text-muted-foreground" />
              Mail that failed
            </h2>
          </CardTitle>
          <CardDescription>
            {health
              ? `E-mails not delivered after every retry. ${waitingText(health.waiting)}`
              : "The mail status could not be loaded."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {!health ? null : health.failed.length === 0 ? (
            <p className="text-muted-foreground text-sm">No mail has failed.</p>
          ) : (
            <>
              <ul className="divide-y">
                {health.failed.map((mail) => (
                  <FailedMailItem key={mail.id} mail={mail} />
                ))}
              </ul>
              {health.failedCount > health.failed.length ? (
                <p className="mt-3 text-muted-foreground text-sm">
                  Showing the latest {health.failed.length} of {health.failedCount} failed messages.
                </p>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
