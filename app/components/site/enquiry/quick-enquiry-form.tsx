// The home page's "Get In Touch" form: name, e-mail, phone, message and an optional file; the
// subject is fixed. It posts to the home route's action (quickEnquiryAction).
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FormField } from "~/components/forms/form-field";
import { UploadProgress } from "~/components/forms/upload-progress";
import { Textarea } from "~/components/ui/textarea";
import { ENQUIRY_LIMITS, QUICK_SUBJECT, quickEnquirySchema } from "~/modules/enquiries/schema";
import {
  EnquiryAlert,
  EnquirySent,
  FileField,
  PersonFields,
  PrivacyNote,
  SendButton,
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

  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message);

  return (
    <fetcher.Form
      method="post"
      action="/?index"
      encType="multipart/form-data"
      {...getFormProps(form)}
      // The server's messages are the spec's; the browser's own bubbles would replace them.
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
      <FormField label="Message" errors={fields.message.errors} errorId={fields.message.errorId}>
        <Textarea
          key={messageKey}
          {...messageProps}
          rows={4}
          maxLength={ENQUIRY_LIMITS.message}
          placeholder="Tell us about your project"
        />
      </FormField>
      <FileField field={fields.file} />
      {/* The notice comes before the button, so it is read before the enquiry is sent. */}
      <PrivacyNote />
      <UploadProgress active={sending} />
      <SendButton sending={sending} className="w-full sm:w-auto sm:justify-self-start" />
    </fetcher.Form>
  );
}
