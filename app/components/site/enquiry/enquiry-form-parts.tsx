// What the contact form and the home quick form share: the submission state (a fetcher with
// JavaScript, the page's action data without), the toasts, the file field and the outcome panels.
// The fields take a plain description of a field (Conform's field metadata is one), so the quick
// form renders them without Conform.
import { useEffect, useRef } from "react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { UploadProgress } from "~/components/forms/upload-progress";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CircleAlert, CircleCheck } from "~/components/ui/sprite-icons";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import {
  ACCEPT_ATTRIBUTE,
  ENQUIRY_LIMITS,
  type EnquiryActionData,
  type EnquiryKind,
  FAILURE_DESCRIPTION,
  FAILURE_TITLE,
  FILE_ERROR_DESCRIPTIONS,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  RATE_LIMITED_MESSAGE,
  SUCCESS_TOAST,
} from "~/modules/enquiries/form-fields";

/** A field as the parts render it: what Conform's field metadata says, or the quick form's own. */
export type EnquiryField = {
  id: string;
  name: string;
  errorId: string;
  errors?: string[] | undefined;
  /** The value a refused post sent, shown again. */
  initialValue?: unknown;
  /** Changes when the form is reset, so the control starts again. */
  key?: string | undefined;
};

/** A control's name, id, value and the ARIA that ties it to its error (as Conform writes them). */
function controlProps(field: EnquiryField, describedBy?: string) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${describedBy ?? ""}`.trim() : describedBy,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
  };
}

function isEnquiryData(value: unknown, kind: EnquiryKind): value is EnquiryActionData {
  return typeof value === "object" && value !== null && (value as EnquiryActionData).kind === kind;
}

/**
 * With JavaScript the form posts through a fetcher (no navigation; toasts); without it, the page
 * itself posts and re-renders with the action's data, which this reads the same way.
 */
export function useEnquirySubmission(kind: EnquiryKind) {
  const fetcher = useFetcher<EnquiryActionData>();
  const actionData = useActionData();
  const fromPage = isEnquiryData(actionData, kind) ? actionData : undefined;
  const last = fetcher.data ?? fromPage;
  const sending = fetcher.state !== "idle";

  const announced = useRef<EnquiryActionData | undefined>(undefined);
  useEffect(() => {
    const outcome = fetcher.data;
    if (!outcome || announced.current === outcome) return;
    announced.current = outcome;
    if (outcome.status === "success") {
      toast.success(SUCCESS_TOAST.title, { description: SUCCESS_TOAST.description });
    } else if (outcome.status === "failed") {
      toast.error(FAILURE_TITLE, { description: FAILURE_DESCRIPTION[kind] });
    } else if (outcome.status === "rate_limited") {
      toast.error(FAILURE_TITLE, { description: RATE_LIMITED_MESSAGE });
    } else {
      const fileError = outcome.result.error?.file?.[0];
      if (fileError) toast.error(fileError, { description: FILE_ERROR_DESCRIPTIONS[fileError] });
    }
  }, [fetcher.data, kind]);

  return {
    fetcher,
    sending,
    lastResult: sending ? undefined : last?.result,
    failed: !sending && last?.status === "failed",
    /** Only a page post (no JavaScript) swaps the form for the inline success message. */
    succeededOnPage: !fetcher.data && fromPage?.status === "success",
  };
}

/**
 * The spam defence's two hidden fields: the time the page was served (signed by the server) and
 * a honeypot that people never see or reach, and that form-filling bots fill in. The honeypot is
 * moved off screen rather than display:none (which bots skip), kept out of the tab order and the
 * accessibility tree, and marked for password managers to leave alone.
 */
export function SpamGuardFields({ formToken }: { formToken: string }) {
  return (
    <>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      <div aria-hidden="true" className="-left-[9999px] absolute top-auto h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
            data-1p-ignore=""
            data-lpignore="true"
            data-bwignore=""
            data-form-type="other"
          />
        </label>
      </div>
    </>
  );
}

/** The collection notice beside the Send button (Privacy Act 2020, principle 3). */
function PrivacyNote({ className }: { className?: string }) {
  return (
    <p className={className ?? "text-muted-foreground text-sm"}>
      We use your details to answer this enquiry and keep spam out.{" "}
      <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
        How we handle your information
      </Link>
    </p>
  );
}

/**
 * Full Name, Email and Phone (optional), the first fields of both enquiry forms, as siblings for
 * the caller's grid.
 */
export function PersonFields({
  fields,
  phoneClassName,
}: {
  fields: { fullName: EnquiryField; email: EnquiryField; phone: EnquiryField };
  phoneClassName?: string;
}) {
  const { fullName, email, phone } = fields;
  return (
    <>
      <FormField label="Full Name" errors={fullName.errors} errorId={fullName.errorId}>
        <Input
          key={fullName.key}
          type="text"
          {...controlProps(fullName)}
          autoComplete="name"
          maxLength={ENQUIRY_LIMITS.fullName}
        />
      </FormField>
      <FormField label="Email" errors={email.errors} errorId={email.errorId}>
        <Input
          key={email.key}
          type="email"
          {...controlProps(email)}
          autoComplete="email"
          maxLength={ENQUIRY_LIMITS.email}
        />
      </FormField>
      <FormField
        label="Phone (optional)"
        errors={phone.errors}
        errorId={phone.errorId}
        className={phoneClassName}
      >
        <Input
          key={phone.key}
          type="tel"
          {...controlProps(phone)}
          autoComplete="tel"
          maxLength={ENQUIRY_LIMITS.phone}
        />
      </FormField>
    </>
  );
}

/**
 * The optional attachment. `showLimits` names the accepted types and size (and narrows the
 * browser's file picker to them); without it nothing says what is accepted, though the server
 * still holds every file to its limits.
 */
function FileField({ field, showLimits }: { field: EnquiryField; showLimits: boolean }) {
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;
  // A file input has no value to show again.
  const { defaultValue: _, ...props } = controlProps(field, showLimits ? hintId : undefined);
  return (
    <div className="grid gap-2">
      <Label htmlFor={field.id}>Attachment (optional)</Label>
      <Input
        key={field.key}
        type="file"
        {...props}
        accept={showLimits ? ACCEPT_ATTRIBUTE : undefined}
        className="h-auto cursor-pointer py-1.5"
      />
      {showLimits && (
        <p id={hintId} className="text-muted-foreground text-sm">
          Image, PDF or Word document, up to 10MB.
        </p>
      )}
      {error ? (
        <p id={field.errorId} className="font-medium text-destructive text-sm">
          {error}
          {FILE_ERROR_DESCRIPTIONS[error] ? `. ${FILE_ERROR_DESCRIPTIONS[error]}` : null}
        </p>
      ) : null}
    </div>
  );
}

export function MessageField({
  field,
  rows,
  placeholder,
}: {
  field: EnquiryField;
  rows: number;
  placeholder: string;
}) {
  return (
    <FormField label="Message" errors={field.errors} errorId={field.errorId}>
      <Textarea
        key={field.key}
        {...controlProps(field)}
        rows={rows}
        maxLength={ENQUIRY_LIMITS.message}
        placeholder={placeholder}
      />
    </FormField>
  );
}

/**
 * The end of both enquiry forms: the attachment (with its limits shown, unless `showFileLimits`
 * is false), the privacy notice, the upload's progress and Send.
 */
export function EnquiryFormEnd({
  file,
  sending,
  showFileLimits = true,
}: {
  file: EnquiryField;
  sending: boolean;
  showFileLimits?: boolean;
}) {
  return (
    <>
      <FileField field={file} showLimits={showFileLimits} />
      {/* The notice comes before the button, so it is read before the enquiry is sent. */}
      <PrivacyNote />
      <UploadProgress active={sending} />
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:justify-self-start">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </>
  );
}

/** Form-level trouble: our failure to store the enquiry, or a body we could not read. */
export function EnquiryAlert({
  kind,
  failed,
  formErrors,
}: {
  kind: EnquiryKind;
  failed: boolean;
  formErrors?: string[];
}) {
  if (!failed && !formErrors?.length) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      <p>
        {failed ? (
          <>
            <strong className="font-semibold">{FAILURE_TITLE}.</strong> {FAILURE_DESCRIPTION[kind]}
          </>
        ) : (
          formErrors?.[0]
        )}
      </p>
    </div>
  );
}

export function EnquirySent({ againHash }: { againHash?: string }) {
  const location = useLocation();
  return (
    <div role="status" className="grid justify-items-start gap-3 rounded-lg border bg-muted/40 p-6">
      <CircleCheck aria-hidden className="size-8 text-green-700" />
      <h3 className="font-semibold text-lg">{SUCCESS_TOAST.title}</h3>
      <p className="text-muted-foreground">{SUCCESS_TOAST.description}</p>
      <Link
        to={`${location.pathname}${location.search}${againHash ?? ""}`}
        className="font-medium text-primary underline underline-offset-4"
      >
        Send another message
      </Link>
    </div>
  );
}
