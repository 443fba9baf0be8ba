// A URL field with an upload beside it, for the certification dialog: choosing a file uploads it
// at once (intent "upload" to the route's action, certificates bucket) and puts the stored file's
// public URL in the field, as the 'Image uploaded successfully' toast describes. The URL
// can also be typed. The file input has no name, so the dialog's own form never posts the file.
// Each upload carries its own submission id, so a repeated post of it stores the file once.

import { type FieldMetadata, type FormMetadata, getInputProps } from "@conform-to/react";
import { FileTextIcon, ImageIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { FieldError } from "~/components/admin/form-messages";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { UploadProgress } from "~/components/forms/upload-progress";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import { newSubmissionId, SUBMISSION_FIELD } from "~/lib/submission-id";
import { cn } from "~/lib/utils";
import type { UploadAnswer, UploadKind } from "~/modules/certifications/schema";

const ACCEPT: Record<UploadKind, string> = {
  file: "application/pdf,image/png,image/jpeg",
  image: "image/jpeg,image/png,image/webp,image/gif,image/avif",
};

const LABELS: Record<UploadKind, { upload: string; url: string }> = {
  file: { upload: "Upload a file (PDF, PNG or JPEG)", url: "Or enter the file URL" },
  image: { upload: "Upload an image", url: "Or enter an image URL" },
};

const UPLOADED: Record<UploadKind, string> = {
  file: "File uploaded successfully",
  image: "Image uploaded successfully",
};

export function UploadField(props: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's own shape does not matter here
  form: FormMetadata<any, string[]>;
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  kind: UploadKind;
  label: string;
  className?: string;
  /** Called with the detected type of an uploaded certificate ("PDF", "PNG", "JPG"). */
  onFileType?: (fileType: string) => void;
}) {
  const { form, field, kind } = props;
  const fetcher = useAdminFetcher();
  const handled = useRef<unknown>(null);
  const answer = (fetcher.data as Partial<UploadAnswer> | undefined)?.upload;
  const busy = fetcher.state !== "idle";
  const url = typeof field.value === "string" ? field.value : "";
  const fileId = `${field.id}-upload`;
  const onFileType = props.onFileType;

  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    form.update({ name: field.name, value: answer.url });
    if (answer.fileType) onFileType?.(answer.fileType);
    toast.success(UPLOADED[answer.kind]);
  }, [answer, form, field.name, onFileType]);

  function upload(file: File | undefined) {
    if (!file) return;
    const body = new FormData();
    body.append("intent", "upload");
    body.append("kind", kind);
    // Each chosen file is one submission: a post of it that arrives twice stores one file.
    body.append(SUBMISSION_FIELD, newSubmissionId());
    body.append("file", file);
    fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <fieldset
      className={cn("grid gap-3 rounded-md border p-3", props.className)}
      aria-busy={busy || undefined}
    >
      <legend className="px-1 font-medium text-sm">{props.label}</legend>
      <div className="flex items-start gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {kind === "image" && url ? (
            <img src={url} alt="Preview of the upload" className="size-full object-cover" />
          ) : kind === "image" ? (
            <ImageIcon aria-hidden className="size-6 text-muted-foreground" />
          ) : (
            <FileTextIcon aria-hidden className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="grid w-full gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={fileId}>{LABELS[kind].upload}</Label>
            <Input
              id={fileId}
              type="file"
              accept={ACCEPT[kind]}
              disabled={busy}
              onChange={(event) => upload(event.currentTarget.files?.[0])}
            />
            <p className="text-muted-foreground text-xs" aria-live="polite">
              {busy ? "Uploading..." : ""}
            </p>
            <UploadProgress active={busy} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field.id}>{LABELS[kind].url}</Label>
            <Input
              {...getInputProps(field, { type: "text" })}
              key={field.key}
              inputMode="url"
              placeholder="https://…"
            />
          </div>
        </div>
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}
