// The home page's "Get In Touch" form: name, e-mail, phone, message and an optional file; the
// subject is fixed. It posts to the home route's action (quickEnquiryAction).
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { QUICK_SUBJECT, quickEnquirySchema } from "~/modules/enquiries/schema";
import {
  EnquiryAlert,
  EnquiryFormEnd,
  EnquirySent,
  MessageField,
  PersonFields,
  SpamGuardFields,
  useEnquirySubmission,
} from "./enquiry-form-parts";

const FORM_ID = "quick-enquiry";

export function QuickEnquiryForm({ formToken }: { formToken: string }) {
  const { fetcher, sending, lastResult, failed, succeededOnPage } = useEnquirySubmission("quick");
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickEnquirySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  if (succeededOnPage) return <EnquirySent againHash={`#${FORM_ID}`} />;

  return (
    <fetcher.Form
      method="post"
      action="/?index"
      encType="multipart/form-data"
      {...getFormProps(form)}
      // The server's messages are the form's own; the browser's bubbles would replace them.
      noValidate
      aria-label="Quick enquiry"
      className="grid gap-4"
    >
      <input type="hidden" name="subject" value={QUICK_SUBJECT} />
      <SpamGuardFields formToken={formToken} />
      <EnquiryAlert kind="quick" failed={failed} formErrors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields fields={fields} phoneClassName="sm:col-span-2" />
      </div>
      <MessageField field={fields.message} rows={4} placeholder="Tell us about your project" />
      <EnquiryFormEnd file={fields.file} sending={sending} />
    </fetcher.Form>
  );
}
