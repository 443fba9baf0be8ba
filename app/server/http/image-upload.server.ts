// Admin forms that carry an image: a file (multipart) or a URL, read in one call.
//
//   const form = await readImageForm(request, { bucket: "media" });   // or "certificates"
//   if (!form.ok) return actionFailure(..., form.error);              // not an image / too large
//   form.formData.get("imageUrl")  // the uploaded file's public URL when a file was sent,
//                                  // otherwise whatever URL the form carried
//   await form.upload?.discard();  // when the record is then not saved, drop the stored file
//                                  // with its processed variants and its image_assets row
//
// A plain urlencoded post works too (no file): formData is the request's own.
// Images only, told by their first bytes (jpeg, png, webp, gif, avif), at most 5 MB, and only
// ones that decode. The stored original is already a clean copy (the parser encodes every image
// for a public bucket again, upright and without metadata, named by its type); here it is
// processed into its WebP/AVIF variants (images/process-image).
import type { ActionError } from "~/lib/action-error";
import { processStoredImage, removeImageAsset } from "../images/process-image.server";
import { logger } from "../logger.server";
import { IMAGE_TYPES, isImageType } from "../storage/file-signature";
import { type Bucket, getStorage } from "../storage/storage.server";
import { discardUploads, isMultipart, parseMultipart } from "./multipart.server";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_UPLOAD_ERRORS = {
  notImage: { title: "Failed to upload image", description: "Please upload an image file" },
  tooLarge: { title: "Failed to upload image", description: "Please upload an image smaller than 5MB" },
  unreadable: {
    title: "Failed to upload image",
    description: "The upload could not be read. Please try again.",
  },
} satisfies Record<string, ActionError>;

type UploadedImage = { url: string; path: string; discard(): Promise<void> };

type ImageFormResult =
  | { ok: true; formData: FormData; upload: UploadedImage | null }
  | { ok: false; formData: FormData; error: ActionError; field: string };

type Options = { bucket?: Extract<Bucket, "media" | "certificates">; fileField?: string; urlField?: string };

export async function readImageForm(request: Request, options: Options = {}): Promise<ImageFormResult> {
  const bucket = options.bucket ?? "media";
  const fileField = options.fileField ?? "imageFile";
  const urlField = options.urlField ?? "imageUrl";
  if (!isMultipart(request)) return { ok: true, formData: await request.formData(), upload: null };

  const parsed = await parseMultipart(request, {
    bucket,
    fileFields: [fileField],
    maxFileBytes: IMAGE_MAX_BYTES,
    // Anything else is refused before a byte of it is written.
    acceptTypes: IMAGE_TYPES,
  });
  if (!parsed.ok) {
    const error =
      parsed.reason === "too_large"
        ? IMAGE_UPLOAD_ERRORS.tooLarge
        : parsed.reason === "unsupported_type"
          ? IMAGE_UPLOAD_ERRORS.notImage
          : IMAGE_UPLOAD_ERRORS.unreadable;
    return { ok: false, formData: parsed.fields, error, field: fileField };
  }
  const file = parsed.files.get(fileField);
  if (!file) return { ok: true, formData: parsed.fields, upload: null };
  if (!isImageType(file.detected)) {
    await discardUploads([file]);
    return { ok: false, formData: parsed.fields, error: IMAGE_UPLOAD_ERRORS.notImage, field: fileField };
  }
  const { name } = file;
  const storage = getStorage();
  const url = storage.publicUrl(bucket, name);
  // A failure of ours (disk, database) while writing variants does not refuse the upload: the
  // original still shows, only without a srcset.
  const processed = await processStoredImage(file).catch((error: unknown) => {
    logger.error({ err: error, url }, "Failed to process an uploaded image; keeping the original only");
    return null;
  });
  // Right bytes at the start, but not a picture that decodes: to the uploader it is not an image.
  if (processed && !processed.ok) {
    await storage.delete(bucket, name);
    return { ok: false, formData: parsed.fields, error: IMAGE_UPLOAD_ERRORS.notImage, field: fileField };
  }
  parsed.fields.set(urlField, url);
  async function discard() {
    await removeImageAsset(url);
    await storage.delete(bucket, name);
  }
  return { ok: true, formData: parsed.fields, upload: { url, path: file.path, discard } };
}
