// The draft quote's form: the customer, the validity, the lines (added, moved and removed in the
// browser) and the notes, with the totals previewed as they are typed. The preview uses the same
// money functions as the server, but what is stored is what the server computes on Save or Send.
// Send to Customer asks first: in the browser a dialog (the form checked before it opens); before
// the scripts run, the button saves the draft and the server asks (the quote's ?step=send state).
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, SendIcon, Trash2Icon } from "lucide-react";
import { type MouseEvent, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/admin/form-messages";
import { TextareaField, TextField } from "~/components/admin/text-field";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  formatCents,
  formatPercent,
  isLineWithinLimit,
  lineTotalCents,
  parseScaled,
  quoteTotals,
} from "~/lib/money";
import { formatNzDate, isIsoDate } from "~/lib/nz-date";
import type { PickerLine } from "~/modules/quotes/product-picker";
import { quoteDraftSchema } from "~/modules/quotes/schema";
import { sendQuestion } from "./confirm-send";
import { ProductPicker } from "./product-picker";

type BuilderValues = {
  customerName: string;
  customerEmail: string;
  customerCompany: string;
  validUntil: string;
  noteToCustomer: string;
  internalNotes: string;
  lines: PickerLine[];
};

const NEW_LINE = {
  productId: "",
  description: "",
  brandName: "",
  productSlug: "",
  sku: "",
  quantityMilli: "1",
  unit: "each",
  unitPriceCents: "",
  discountBasisPoints: "",
  note: "",
};

/** A line's amount as typed so far, or null while a figure is not yet a number. */
function previewLine(line: Partial<BuilderValues["lines"][number]> | undefined) {
  const quantityMilli = parseScaled(line?.quantityMilli ?? "", 3);
  const unitPriceCents = parseScaled(line?.unitPriceCents ?? "", 2);
  const discount = line?.discountBasisPoints?.trim() ? parseScaled(line.discountBasisPoints, 2) : 0;
  if (quantityMilli === null || unitPriceCents === null || discount === null) return null;
  if (quantityMilli <= 0 || unitPriceCents < 0 || discount < 0 || discount > 10_000) return null;
  const amounts = { quantityMilli, unitPriceCents, discountBasisPoints: discount };
  // Past the largest amount a quote takes there is no figure to show, only the field's message.
  return isLineWithinLimit(amounts) ? lineTotalCents(amounts) : null;
}

export function QuoteBuilder(props: {
  number: string;
  defaultValue: BuilderValues;
  gstBasisPoints: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const sending = busy && navigation.formData?.get("intent") === "send";
  const [asking, setAsking] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);
  const [form, fields] = useForm({
    id: "quote-builder",
    lastResult: busy ? undefined : props.lastResult,
    defaultValue: props.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteDraftSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const lines = fields.lines.getFieldList();
  const amounts = lines.map((line) => previewLine(line.value as Partial<BuilderValues["lines"][number]>));
  const complete = amounts.every((amount) => amount !== null);
  const totals = quoteTotals(
    amounts.map((amount) => amount ?? 0),
    props.gstBasisPoints,
  );
  const validUntil = fields.validUntil.value ?? "";

  /** With scripts running, Send to Customer checks the form and asks in a dialog. */
  function askToSend(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const element = event.currentTarget.form;
    if (!element) return;
    const checked = parseWithZod(new FormData(element), { schema: quoteDraftSchema });
    if (checked.status === "success") setAsking(true);
    else form.validate();
  }

  function send() {
    setAsking(false);
    const element = sendButton.current;
    element?.form?.requestSubmit(element);
  }

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <FormError form={form} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Customer and validity</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.customerName} label="Name" required autoComplete="off" />
          <TextField field={fields.customerEmail} label="Email" type="email" required autoComplete="off" />
          <TextField field={fields.customerCompany} label="Company (optional)" autoComplete="off" />
          <div className="grid gap-2">
            <Label htmlFor={fields.validUntil.id}>Valid until</Label>
            <Input
              {...getInputProps(fields.validUntil, { type: "date" })}
              key={fields.validUntil.key}
              required
              aria-describedby={
                [
                  isIsoDate(validUntil) ? `${fields.validUntil.id}-words` : "",
                  fields.validUntil.errors?.length ? fields.validUntil.errorId : "",
                ]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            />
            {isIsoDate(validUntil) ? (
              <p id={`${fields.validUntil.id}-words`} className="text-muted-foreground text-sm">
                {formatNzDate(validUntil)}
              </p>
            ) : null}
            {fields.validUntil.errors?.length ? (
              <p id={fields.validUntil.errorId} className="font-medium text-destructive text-sm">
                {fields.validUntil.errors[0]}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Lines</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {fields.lines.errors?.length ? (
            <p id={fields.lines.errorId} className="font-medium text-destructive text-sm">
              {fields.lines.errors[0]}
            </p>
          ) : null}
          {lines.length === 0 ? (
            <p className="text-muted-foreground text-sm">No lines yet. Add the first line of the quote.</p>
          ) : null}
          <ol className="grid gap-4">
            {lines.map((line, index) => {
              const item = line.getFieldset();
              const label = item.description.value || `Line ${index + 1}`;
              return (
                <li key={line.key} className="grid gap-3 rounded-lg border p-3 sm:p-4">
                  <input {...getInputProps(item.productId, { type: "hidden" })} key={item.productId.key} />
                  <input
                    {...getInputProps(item.productSlug, { type: "hidden" })}
                    key={item.productSlug.key}
                  />
                  <input {...getInputProps(item.brandName, { type: "hidden" })} key={item.brandName.key} />
                  <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto]">
                    <TextField field={item.description} label={`Line ${index + 1}: description`} required />
                    <div className="flex items-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${label} up`}
                        disabled={index === 0}
                        {...form.reorder.getButtonProps({
                          name: fields.lines.name,
                          from: index,
                          to: index - 1,
                        })}
                      >
                        <ArrowUpIcon aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${label} down`}
                        disabled={index === lines.length - 1}
                        {...form.reorder.getButtonProps({
                          name: fields.lines.name,
                          from: index,
                          to: index + 1,
                        })}
                      >
                        <ArrowDownIcon aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${label}`}
                        {...form.remove.getButtonProps({ name: fields.lines.name, index })}
                      >
                        <Trash2Icon aria-hidden />
                      </Button>
                    </div>
                  </div>
                  {item.brandName.value ? (
                    <p className="text-muted-foreground text-sm">Brand: {item.brandName.value}</p>
                  ) : null}
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                    <TextField field={item.quantityMilli} label="Quantity" inputMode="decimal" required />
                    <TextField field={item.unit} label="Unit" />
                    <TextField
                      field={item.unitPriceCents}
                      label="Unit price excl. GST"
                      inputMode="decimal"
                      required
                    />
                    <TextField field={item.discountBasisPoints} label="Discount %" inputMode="decimal" />
                  </div>
                  <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
                    <TextField
                      field={item.sku}
                      label="Stock code"
                      autoComplete="off"
                      spellCheck={false}
                      className="[&_input]:font-mono"
                    />
                    <TextField field={item.note} label="Lead time or note" />
                    <p className="text-right font-medium tabular-nums">
                      <span className="sr-only">{label} amount: </span>
                      {amounts[index] === null ? "—" : formatCents(amounts[index] ?? 0)}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
          <ProductPicker onPick={(line) => form.insert({ name: fields.lines.name, defaultValue: line })} />
          <div>
            <Button
              variant="outline"
              {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: NEW_LINE })}
            >
              <PlusIcon aria-hidden />
              Add Line
            </Button>
          </div>
          <dl
            className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums"
            aria-live="polite"
          >
            <dt>Subtotal excl. GST</dt>
            <dd className="text-right">{formatCents(totals.subtotalCents)}</dd>
            <dt>GST {formatPercent(props.gstBasisPoints)}%</dt>
            <dd className="text-right">{formatCents(totals.gstCents)}</dd>
            <dt className="font-semibold">Total incl. GST</dt>
            <dd className="text-right font-semibold">{formatCents(totals.totalCents)}</dd>
            {complete ? null : (
              <dd className="col-span-2 text-muted-foreground text-xs">
                Lines with a figure still to fill count as $0.00.
              </dd>
            )}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Notes</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TextareaField field={fields.noteToCustomer} label="Note to the customer" rows={3} />
          <TextareaField
            field={fields.internalNotes}
            label="Internal notes"
            hint="Never shown to the customer."
            rows={3}
          />
        </CardContent>
      </Card>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
          Save Draft
        </Button>
        <Button type="submit" name="intent" value="review" disabled={busy} onClick={askToSend}>
          <SendIcon aria-hidden />
          {sending ? "Sending..." : "Send to Customer"}
        </Button>
        {/* What the dialog's Send Quote submits the form with. */}
        <button ref={sendButton} type="submit" name="intent" value="send" hidden tabIndex={-1} />
      </div>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Send quote {props.number} to the customer?</AlertDialogTitle>
            <AlertDialogDescription>
              {sendQuestion({
                customerName: fields.customerName.value ?? "",
                customerEmail: fields.customerEmail.value ?? "",
                totalCents: totals.totalCents,
                validUntil,
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button type="button" onClick={send}>
              <SendIcon aria-hidden />
              Send Quote
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Form>
  );
}
