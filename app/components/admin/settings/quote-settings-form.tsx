// Settings > Quotes: the GST rate new quotes are drafted with, how long a quote stays open, how
// many days before it runs out the customer is reminded (0: never), the terms printed on every
// quote, the trader's details a quote carries (trading name, GST number, NZBN), whether the
// sales role may quote, and whether a sent quote's e-mail carries its consent pack.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { FormError } from "~/components/admin/form-messages";
import { SwitchField } from "~/components/admin/switch-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

type QuoteSettingsValues = {
  gstBasisPoints: string;
  validityDays: string;
  reminderDaysBefore: string;
  terms: string;
  traderName: string;
  gstNumber: string;
  nzbn: string;
  salesMayQuote: string;
  attachConsentPack: string;
};

/** A field laid on its row's four shared rows from the small breakpoint on. */
const SHARED_ROWS = "sm:row-span-4 sm:grid-rows-subgrid";

export function QuoteSettingsForm(props: { saved: QuoteSettingsValues; schema: z.ZodType }) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm<QuoteSettingsValues>({
    id: "quote-settings",
    lastResult: busy ? undefined : fetcher.data?.result,
    defaultValue: props.saved,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: props.schema }) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="quote-settings-heading" className="max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="quote-settings-heading">Quotes</h2>
          </CardTitle>
          <CardDescription>
            What new quotes start with, and what every quote says about the trader. A quote keeps the values
            it was drafted and sent with.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
            <input type="hidden" name="intent" value="save-quote-settings" />
            <FormError form={form} />
            {/* Side by side, three fields share rows (label, field, hint, message): a label that
                wraps, or a message under one field, moves the others' parts together. */}
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                field={fields.gstBasisPoints}
                label="GST rate (%)"
                inputMode="decimal"
                required
                className={SHARED_ROWS}
              />
              <TextField
                field={fields.validityDays}
                className={SHARED_ROWS}
                label="Valid for (days)"
                type="number"
                min="1"
                max="365"
                step="1"
                required
              />
              <TextField
                field={fields.reminderDaysBefore}
                label="Remind before expiry (days)"
                hint="0 sends no reminder."
                className={SHARED_ROWS}
                type="number"
                min="0"
                max="60"
                step="1"
                required
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                field={fields.traderName}
                label="Trading name"
                autoComplete="organization"
                className={SHARED_ROWS}
              />
              <TextField
                field={fields.gstNumber}
                label="GST number"
                inputMode="numeric"
                autoComplete="off"
                className={SHARED_ROWS}
              />
              <TextField
                field={fields.nzbn}
                label="NZBN"
                inputMode="numeric"
                autoComplete="off"
                className={SHARED_ROWS}
              />
            </div>
            <TextareaField field={fields.terms} label="Terms on every quote" rows={5} required />
            <SwitchField
              field={fields.salesMayQuote}
              label="Sales may quote"
              description="Lets the sales role open enquiries and quotes: follow an enquiry up, draft, send and withdraw its quotes. Deleting enquiries, the subjects and the CSV export stay with admins."
            />
            <SwitchField
              field={fields.attachConsentPack}
              label="Attach the consent pack to quotes sent to customers"
              description="Each product's information sheet and certificates in one PDF; a pack too large to e-mail goes as a link to download it."
            />
            <div className="border-t pt-4">
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Settings"}
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
    </section>
  );
}
