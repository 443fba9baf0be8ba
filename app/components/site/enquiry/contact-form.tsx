// The contact page's enquiry form. Subject and product may come prefilled from the URL (a product
// card's "Enquire Now"); the product is shown read-only and sent as the message's first line. The
// message may come prefilled too (the catalogue's "Ask us for it"), for the visitor to edit.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FormField } from "~/components/forms/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { contactEnquirySchema } from "~/modules/enquiries/schema";
import {
  EnquiryAlert,
  EnquiryFormEnd,
  EnquirySent,
  MessageField,
  PersonFields,
  SpamGuardFields,
  useEnquirySubmission,
} from "./enquiry-form-parts";

const FORM_ID = "contact-enquiry";

export function ContactForm({
  subjects,
  defaultSubject,
  product,
  defaultMessage,
  person,
  job,
  formToken,
}: {
  subjects: string[];
  defaultSubject?: string;
  product?: string;
  defaultMessage?: string;
  /** The signed-in customer's own details, from their account. */
  person?: { fullName: string; email: string; phone: string };
  /** The customer's job it is sent from: its list goes with it (the server checks the job is theirs). */
  job?: string;
  formToken: string;
}) {
  const { fetcher, sending, lastResult, failed, succeededOnPage } = useEnquirySubmission("contact");
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    defaultValue: {
      ...person,
      subject: defaultSubject ?? "",
      product: product ?? "",
      message: defaultMessage ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactEnquirySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // No "#contact-enquiry" on the way back: the same URL plus a hash would only scroll, not reload.
  if (succeededOnPage) return <EnquirySent />;

  const { key: subjectKey, ...subjectProps } = getSelectProps(fields.subject);
  const { key: productKey, ...productProps } = getInputProps(fields.product, { type: "text" });
  // A subject posted without JavaScript stays selectable even when it is not in today's list.
  const posted = fields.subject.initialValue;
  const options = posted && !subjects.includes(posted) ? [...subjects, posted] : subjects;

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      // The spec's messages come from the schema (here and on the server), not browser bubbles.
      noValidate
      aria-label="Contact form"
      className="grid gap-5"
    >
      <SpamGuardFields formToken={formToken} />
      {job ? <input type="hidden" name="job" value={job} /> : null}
      <EnquiryAlert kind="contact" failed={failed} formErrors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PersonFields fields={fields} />
        <FormField label="Subject" errors={fields.subject.errors} errorId={fields.subject.errorId}>
          <NativeSelect key={subjectKey} {...subjectProps}>
            <NativeSelectOption value="">Select a subject</NativeSelectOption>
            {options.map((subject) => (
              <NativeSelectOption key={subject} value={subject}>
                {subject}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {product ? (
        <FormField
          label="Product"
          errors={fields.product.errors}
          errorId={fields.product.errorId}
          hint="Your message will be sent with this product's name."
        >
          <Input key={productKey} {...productProps} readOnly className="bg-muted" />
        </FormField>
      ) : null}
      <MessageField
        field={fields.message}
        rows={6}
        placeholder={product ? `I'd like to know more about ${product}...` : "How can we help?"}
      />
      <EnquiryFormEnd file={fields.file} sending={sending} />
    </fetcher.Form>
  );
}
