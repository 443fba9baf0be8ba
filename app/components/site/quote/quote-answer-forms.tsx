// The customer's three answers to an open quote: accept it, ask for changes, or decline it. Each
// is a plain form posting its `intent` to the page, so it works with JavaScript off; with it,
// Conform checks the same zod schema as the server before anything is sent.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { QUOTE_DECLINE_REASONS } from "~/lib/vocabulary";
import {
  ANSWER_LIMITS,
  acceptQuoteSchema,
  declineQuoteSchema,
  type QuoteAnswerIntent,
  requestChangesSchema,
} from "~/modules/quotes/customer.schema";
import { DECLINE_REASON_LABELS } from "~/modules/quotes/labels";

type AnswerData = { intent: QuoteAnswerIntent | null; result?: SubmissionResult<string[]> };

/** A form's Conform options: its id, and the action's answer when that answer is this form's. */
function useAnswerOptions(intent: QuoteAnswerIntent, actionData: AnswerData | undefined) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return {
    sending,
    options: {
      id: `quote-${intent}`,
      lastResult: sending || actionData?.intent !== intent ? undefined : actionData.result,
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    } as const,
  };
}

/** One answer's form: a fieldset with its legend, the hidden intent, the fields and its button. */
function AnswerForm({
  intent,
  form,
  legend,
  description,
  children,
  button,
  sending,
  className,
}: {
  intent: QuoteAnswerIntent;
  form: { id: string; errorId: string; errors?: string[]; props: ReturnType<typeof getFormProps> };
  legend: string;
  description: string;
  children: ReactNode;
  button: { label: string; variant?: "default" | "outline" };
  sending: boolean;
  className?: string;
}) {
  const descriptionId = `${form.id}-description`;
  return (
    <Form method="post" {...form.props} className={className}>
      <fieldset
        aria-describedby={descriptionId}
        className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
      >
        <legend className="px-1 font-semibold text-lg">{legend}</legend>
        <p id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </p>
        <input type="hidden" name="intent" value={intent} />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="font-medium text-destructive text-sm">
            {form.errors[0]}
          </p>
        ) : null}
        {children}
        <div>
          <Button type="submit" variant={button.variant ?? "default"} disabled={sending}>
            {sending ? "Sending…" : button.label}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}

function AcceptForm({ actionData, traderName }: { actionData?: AnswerData; traderName: string }) {
  const { options, sending } = useAnswerOptions("accept", actionData);
  const [form, fields] = useForm({
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptQuoteSchema }),
  });
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: poKey, ...poProps } = getInputProps(fields.purchaseOrder, { type: "text" });
  const { key: termsKey, ...termsProps } = getInputProps(fields.acceptTerms, { type: "checkbox" });
  return (
    <AnswerForm
      intent="accept"
      form={{ id: form.id, errorId: form.errorId, errors: form.errors, props: getFormProps(form) }}
      legend="Accept this quote"
      description={`Accepting tells ${traderName} to go ahead with your order at the prices above.`}
      button={{ label: "Accept Quote" }}
      sending={sending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Your name" errors={fields.name.errors} errorId={fields.name.errorId}>
          <Input key={nameKey} {...nameProps} autoComplete="name" maxLength={ANSWER_LIMITS.name} />
        </FormField>
        <FormField
          label="Purchase order number (optional)"
          errors={fields.purchaseOrder.errors}
          errorId={fields.purchaseOrder.errorId}
        >
          <Input key={poKey} {...poProps} maxLength={ANSWER_LIMITS.purchaseOrder} />
        </FormField>
      </div>
      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <NativeCheckbox key={termsKey} {...termsProps} wrapperClassName="mt-0.5" />
          <Label htmlFor={fields.acceptTerms.id} className="leading-snug">
            I accept this quote and its terms.
          </Label>
        </div>
        {fields.acceptTerms.errors?.length ? (
          <p id={fields.acceptTerms.errorId} className="font-medium text-destructive text-sm">
            {fields.acceptTerms.errors[0]}
          </p>
        ) : null}
      </div>
    </AnswerForm>
  );
}

function ChangesForm({ actionData }: { actionData?: AnswerData }) {
  const { options, sending } = useAnswerOptions("changes", actionData);
  const [form, fields] = useForm({
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestChangesSchema }),
  });
  const { key, ...props } = getTextareaProps(fields.message);
  return (
    <AnswerForm
      intent="changes"
      form={{ id: form.id, errorId: form.errorId, errors: form.errors, props: getFormProps(form) }}
      legend="Ask for changes"
      description="Tell us what to change (quantities, products, delivery) and we will send a revised quote."
      button={{ label: "Request Changes", variant: "outline" }}
      sending={sending}
      className="h-full [&>fieldset]:h-full"
    >
      <FormField
        label="What would you like changed?"
        errors={fields.message.errors}
        errorId={fields.message.errorId}
      >
        <Textarea key={key} {...props} rows={5} maxLength={ANSWER_LIMITS.changes} />
      </FormField>
    </AnswerForm>
  );
}

function DeclineForm({ actionData }: { actionData?: AnswerData }) {
  const { options, sending } = useAnswerOptions("decline", actionData);
  const [form, fields] = useForm({
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: declineQuoteSchema }),
  });
  const { key: reasonKey, ...reasonProps } = getSelectProps(fields.reason);
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message);
  return (
    <AnswerForm
      intent="decline"
      form={{ id: form.id, errorId: form.errorId, errors: form.errors, props: getFormProps(form) }}
      legend="Decline this quote"
      description="Not going ahead? Let us know why, so we can do better next time."
      button={{ label: "Decline Quote", variant: "outline" }}
      sending={sending}
      className="h-full [&>fieldset]:h-full"
    >
      <FormField label="Reason" errors={fields.reason.errors} errorId={fields.reason.errorId}>
        <NativeSelect key={reasonKey} {...reasonProps}>
          <NativeSelectOption value="">Choose a reason</NativeSelectOption>
          {QUOTE_DECLINE_REASONS.map((reason) => (
            <NativeSelectOption key={reason} value={reason}>
              {DECLINE_REASON_LABELS[reason]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Comment (optional)" errors={fields.message.errors} errorId={fields.message.errorId}>
        <Textarea key={messageKey} {...messageProps} rows={3} maxLength={ANSWER_LIMITS.declineMessage} />
      </FormField>
    </AnswerForm>
  );
}

export function QuoteAnswerForms({
  actionData,
  traderName,
}: {
  actionData?: AnswerData;
  traderName: string;
}) {
  return (
    <section aria-labelledby="quote-answer" className="grid gap-4 print:hidden">
      <h2 id="quote-answer" className="font-bold text-xl">
        Your answer
      </h2>
      <AcceptForm actionData={actionData} traderName={traderName} />
      <div className="grid gap-4 md:grid-cols-2">
        <ChangesForm actionData={actionData} />
        <DeclineForm actionData={actionData} />
      </div>
    </section>
  );
}
