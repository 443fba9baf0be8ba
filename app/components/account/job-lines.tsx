// A job's product list: each line's product (linking to its page), quantity and note, saved one
// line at a time, and a button to take it off. A product the catalogue no longer shows keeps its
// line, without its name, until the customer removes it. Plain form posts: no JavaScript needed.
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { JOB_MAX_LINES, JOB_MAX_QUANTITY } from "~/modules/jobs/limits";
import { formMessage, useIntentResult } from "./use-intent-result";

type Line = {
  productId: string;
  quantity: number;
  note: string | null;
  product: { name: string; slug: string; imageUrl: string | null } | null;
};

const GONE = "A product no longer in the catalogue";

function RemoveLine({ line, label }: { line: Line; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove-line" />
      <input type="hidden" name="productId" value={line.productId} />
      <Button type="submit" variant="outline" size="sm">
        Remove<span className="sr-only">{` ${label}`}</span>
      </Button>
    </Form>
  );
}

function LineRow({ line }: { line: Line }) {
  const result = useIntentResult("save-line", { productId: line.productId });
  const busy = useNavigation().formData?.get("productId") === line.productId;
  const errors = result?.error ?? {};
  const message = formMessage(errors.quantity ?? errors.note ?? errors[""] ?? undefined);
  const name = line.product?.name ?? GONE;
  const errorId = `line-error-${line.productId}`;
  return (
    <li id={`line-${line.productId}`} className="grid scroll-mt-20 gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {line.product ? (
          <Link
            to={`/catalog/${line.product.slug}`}
            className="font-medium underline-offset-4 hover:underline"
          >
            {line.product.name}
          </Link>
        ) : (
          <p className="text-muted-foreground italic">{GONE}</p>
        )}
        <RemoveLine line={line} label={name} />
      </div>
      {line.product ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="save-line" />
          <input type="hidden" name="productId" value={line.productId} />
          <div className="grid gap-1.5">
            <Label htmlFor={`quantity-${line.productId}`}>
              Quantity<span className="sr-only">{` of ${name}`}</span>
            </Label>
            <Input
              id={`quantity-${line.productId}`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={JOB_MAX_QUANTITY}
              step={1}
              required
              defaultValue={line.quantity}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`note-${line.productId}`}>
              Note<span className="sr-only">{` for ${name}`}</span>
            </Label>
            <Input id={`note-${line.productId}`} name="note" maxLength={500} defaultValue={line.note ?? ""} />
          </div>
          <Button type="submit" variant="secondary" disabled={busy}>
            Save<span className="sr-only">{` ${name}`}</span>
          </Button>
          {message ? (
            <p id={errorId} role="alert" className="text-destructive text-sm sm:col-span-3">
              {message}
            </p>
          ) : null}
        </Form>
      ) : null}
    </li>
  );
}

/** "Send this list for a quote": the contact form, prefilled from the job, once a line can be sent. */
function SendForQuote({ jobId, lines }: { jobId: string; lines: Line[] }) {
  if (!lines.some((line) => line.product)) return null;
  return (
    <div>
      <Button asChild>
        <Link to={`/contact?job=${jobId}`}>Send this list for a quote</Link>
      </Button>
    </div>
  );
}

export function JobLines({ jobId, lines }: { jobId: string; lines: Line[] }) {
  const removeError = formMessage(useIntentResult("remove-line")?.error?.[""] ?? undefined);
  return (
    <section aria-labelledby="job-lines-heading" className="grid gap-3">
      <h2 id="job-lines-heading" className="font-semibold text-xl">
        Products for this job
      </h2>
      <p className="text-muted-foreground text-sm">
        {`Add products from the catalogue with "Add to job" on a product's page. A job holds up to ${JOB_MAX_LINES} products.`}
      </p>
      {removeError ? (
        <p role="alert" className="text-destructive text-sm">
          {removeError}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <p>
          No products yet.{" "}
          <Link to="/catalog" className="font-medium underline underline-offset-4">
            Browse the catalogue
          </Link>
        </p>
      ) : (
        <ul className="grid gap-3">
          {lines.map((line) => (
            <LineRow key={line.productId} line={line} />
          ))}
        </ul>
      )}
      <SendForQuote jobId={jobId} lines={lines} />
    </section>
  );
}
