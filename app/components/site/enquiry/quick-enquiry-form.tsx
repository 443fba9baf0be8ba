// The home page's "Get In Touch" form: name, e-mail, phone, message and an optional file; the
// subject is fixed. It posts to the home route's action (receiveEnquiry). Its rules (zod and
// Conform's parser) are fetched when the visitor reaches for the form or the browser is idle:
// until they arrive, and without JavaScript, the action answers for them with the same messages.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { whenIdle } from "~/lib/when-idle";
import { QUICK_SUBJECT } from "~/modules/enquiries/form-fields";
import {
  EnquiryAlert,
  type EnquiryField,
  EnquiryFormEnd,
  EnquirySent,
  MessageField,
  PersonFields,
  SpamGuardFields,
  useEnquirySubmission,
} from "./enquiry-form-parts";

const FORM_ID = "quick-enquiry";
const FIELD_NAMES = ["fullName", "email", "phone", "message", "file"] as const;
type FieldName = (typeof FIELD_NAMES)[number];
type Validate = typeof import("./quick-enquiry-validation").validateQuickEnquiry;
type Errors = Record<string, string[] | null | undefined>;

let validator: Validate | undefined;
let loading: Promise<void> | undefined;
function loadValidator() {
  loading ??= import("./quick-enquiry-validation").then(
    (module) => {
      validator = module.validateQuickEnquiry;
    },
    () => {
      // Offline or a new deployment: the server still checks every post.
      loading = undefined;
    },
  );
  return loading;
}

export function QuickEnquiryForm({ formToken }: { formToken: string }) {
  const { fetcher, sending, lastResult, failed, succeededOnPage } = useEnquirySubmission("quick");
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own verdict, once the visitor has tried to send; the server's answer replaces it.
  const [checked, setChecked] = useState<Errors | null>(null);
  const [resets, setResets] = useState(0);

  useEffect(() => whenIdle(() => void loadValidator()), []);
  useEffect(() => {
    if (lastResult) setChecked(null);
  }, [lastResult]);
  useEffect(() => {
    if (fetcher.data?.status !== "success") return;
    formRef.current?.reset();
    setResets((count) => count + 1);
  }, [fetcher.data]);

  if (succeededOnPage) return <EnquirySent againHash={`#${FORM_ID}`} />;

  const errors: Errors = checked ?? lastResult?.error ?? {};
  const initial = (checked ? null : lastResult?.initialValue) ?? {};
  const fields = Object.fromEntries(
    FIELD_NAMES.map((name): [FieldName, EnquiryField] => [
      name,
      {
        id: `${FORM_ID}-${name}`,
        name,
        errorId: `${FORM_ID}-${name}-error`,
        errors: errors[name] ?? undefined,
        initialValue: initial[name],
        key: `${name}-${resets}`,
      },
    ]),
  ) as Record<FieldName, EnquiryField>;

  /** Shows the rules' messages; true when the form may go. */
  function check(form: HTMLFormElement, focus: boolean) {
    if (!validator) return true;
    const found = validator(new FormData(form));
    setChecked(found ?? {});
    if (found && focus) {
      const first = [...form.elements].find(
        (element): element is HTMLElement =>
          element instanceof HTMLElement && (element as HTMLInputElement).name in found,
      );
      first?.focus();
    }
    return found === null;
  }

  return (
    <fetcher.Form
      ref={formRef}
      id={FORM_ID}
      method="post"
      // Without JavaScript the page itself posts; the answer then opens at the form, not the top.
      action="/?index#contact"
      encType="multipart/form-data"
      onPointerEnter={() => void loadValidator()}
      onFocus={() => void loadValidator()}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        if (!check(event.currentTarget, true)) event.preventDefault();
      }}
      onInput={(event: FormEvent<HTMLFormElement>) => {
        // After a refused try, each change is checked again, so a message goes once it is answered.
        if (checked ?? lastResult?.error) check(event.currentTarget, false);
      }}
      // The server's messages are the form's own; the browser's bubbles would replace them.
      noValidate
      aria-label="Quick enquiry"
      className="grid gap-4"
    >
      <input type="hidden" name="subject" value={QUICK_SUBJECT} />
      <SpamGuardFields formToken={formToken} />
      <EnquiryAlert kind="quick" failed={failed} formErrors={errors[""] ?? undefined} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields fields={fields} phoneClassName="sm:col-span-2" />
      </div>
      <MessageField field={fields.message} rows={4} placeholder="Tell us about your project" />
      {/* This form names no file type or size limit; the server still holds files to them. */}
      <EnquiryFormEnd file={fields.file} sending={sending} showFileLimits={false} />
    </fetcher.Form>
  );
}
