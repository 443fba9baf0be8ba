// An image given as a file upload or as a URL, with a preview. The form must be multipart
// (EntityDialog `multipart`); the action's intake (readForm, app/server/http/intake.server.ts)
// holds the file while the form is judged and puts the address it will have into the URL field.
//
//   <ImageField field={fields.imageUrl} label="Product Image" />          // file input "imageFile"
//   <ImageField field={fields.imageUrl} fileName="imageFile" label="Image" fileErrors={…} />
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ImageIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { UploadProgress } from "~/components/forms/upload-progress";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export function ImageField(props: {
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
  fileName?: string;
}) {
  const { field } = props;
  const fileName = props.fileName ?? "imageFile";
  const fileId = `${field.id}-file`;
  const [url, setUrl] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => {
    return () => {
      if (fileUrl) URL.revokeObjectURL(fileUrl);
    };
  }, [fileUrl]);

  const preview = fileUrl ?? (url.trim() ? url.trim() : null);
  const errors = fileError ? [fileError] : field.errors;

  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 font-medium text-sm">{props.label}</legend>
      <div className="flex items-start gap-3">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {preview ? (
            <img src={preview} alt="Preview of the chosen file" className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="grid w-full gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={fileId}>Upload an image</Label>
            <Input
              id={fileId}
              name={fileName}
              type="file"
              accept={ACCEPT}
              aria-describedby={errors?.length ? field.errorId : undefined}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setFileError(file && !file.type.startsWith("image/") ? "Please upload an image file" : null);
                setFileUrl(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
              }}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field.id}>Or enter an image URL</Label>
            <Input
              {...getInputProps(field, { type: "text" })}
              inputMode="url"
              placeholder="https://…"
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
          </div>
        </div>
      </div>
      <UploadProgress active={fileUrl !== null} />
      {errors?.length ? (
        <p id={field.errorId} className="font-medium text-destructive text-sm">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
