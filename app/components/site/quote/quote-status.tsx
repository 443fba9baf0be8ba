// Where the customer's quote stands, in one line at the top of the document: open until its last
// valid day, or the answer already given, or why it can no longer be answered (with the way to
// ask for a new one).

import type { ReactNode } from "react";
import { Link } from "react-router";
import { CircleAlert, CircleCheck, Clock } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import type { CustomerQuoteState } from "~/modules/quotes/customer.server";

const NEW_QUOTE_HREF = "/contact?subject=Quote%20Request";

type Tone = "info" | "success" | "error" | "muted";

const TONES: Record<Tone, string> = {
  info: "border-primary/30 bg-primary/5",
  success: "border-green-700/30 bg-green-50",
  error: "border-destructive/40 bg-destructive/5",
  muted: "border-border bg-muted",
};

const ICONS = { info: Clock, success: CircleCheck, error: CircleAlert, muted: CircleAlert } as const;

/** A boxed message; an error is announced at once (role alert), anything else politely. */
export function QuoteNotice({ tone, children }: { tone: Tone; children: ReactNode }) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx("flex gap-3 rounded-lg border p-4 text-sm print:p-2", TONES[tone])}
    >
      <Icon
        aria-hidden="true"
        className={cx("mt-0.5 size-5 shrink-0", tone === "error" ? "text-destructive" : "text-foreground")}
      />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}

function NewQuoteLink({ href = NEW_QUOTE_HREF }: { href?: string }) {
  return (
    <p className="print:hidden">
      <Link to={href} className="font-medium text-primary underline underline-offset-4">
        Ask us for a new quote
      </Link>
    </p>
  );
}

/**
 * `newQuoteHref`: where asking for a new quote leads (the account's, prefilled with this quote's
 * lines); given, a declined quote offers it too.
 */
export function QuoteStatusLine({
  state,
  validUntil,
  newQuoteHref,
}: {
  state: CustomerQuoteState;
  validUntil: string;
  newQuoteHref?: string;
}) {
  switch (state.kind) {
    case "open":
      return (
        <QuoteNotice tone="info">
          <p>
            <strong>This quote is open until {validUntil}.</strong> You can accept it, ask for changes or
            decline it below.
          </p>
        </QuoteNotice>
      );
    case "accepted":
      return (
        <QuoteNotice tone="success">
          <p>
            <strong>
              You accepted this quote on {state.on}
              {state.by ? ` (${state.by})` : ""}.
            </strong>{" "}
            Thank you: we will be in touch to arrange your order.
          </p>
          {state.purchaseOrder ? <p>Purchase order: {state.purchaseOrder}</p> : null}
        </QuoteNotice>
      );
    case "changes_requested":
      return (
        <QuoteNotice tone="info">
          <p>
            <strong>You asked for changes on {state.on}.</strong> We will send you a revised quote.
          </p>
          <p className="whitespace-pre-line text-muted-foreground">“{state.message}”</p>
        </QuoteNotice>
      );
    case "declined":
      return (
        <QuoteNotice tone="muted">
          <p>
            <strong>You declined this quote on {state.on}.</strong>
            {state.reason ? ` Reason: ${state.reason}.` : ""}
          </p>
          {state.message ? (
            <p className="whitespace-pre-line text-muted-foreground">“{state.message}”</p>
          ) : null}
          {newQuoteHref ? <NewQuoteLink href={newQuoteHref} /> : null}
        </QuoteNotice>
      );
    case "expired":
      return (
        <QuoteNotice tone="muted">
          <p>
            <strong>This quote expired on {state.on}</strong> and can no longer be accepted.
          </p>
          <NewQuoteLink href={newQuoteHref} />
        </QuoteNotice>
      );
    case "superseded":
      return (
        <QuoteNotice tone="muted">
          <p>
            <strong>This quote has been replaced by a newer one</strong> and can no longer be accepted. Please
            use the link in our latest e-mail.
          </p>
          <NewQuoteLink href={newQuoteHref} />
        </QuoteNotice>
      );
    case "withdrawn":
      return (
        <QuoteNotice tone="muted">
          <p>
            <strong>This quote has been withdrawn</strong> and can no longer be accepted.
          </p>
          {state.reason ? <p className="whitespace-pre-line">{`Reason: ${state.reason}`}</p> : null}
          <NewQuoteLink href={newQuoteHref} />
        </QuoteNotice>
      );
  }
}
