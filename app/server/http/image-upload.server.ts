// The back office's picture uploads: the rule a form's image file is read by (images only, told by
// their first bytes: jpeg, png, webp, gif, avif; at most 5 MB; only ones that decode) and the
// messages a refused one is answered with. The file waits in quarantine while the form is judged
// (http/form-body); the form carries the address it will have (its URL field is set to it), and
// the command that saves the record keeps it: stored, then processed into its WebP/AVIF sizes
// and social card (images/process-image), all before the transaction (http/keep-file).
import type { ActionError } from "~/lib/action-error";
import { IMAGE_TYPES } from "../storage/file-signature";
import type { Bucket } from "../storage/storage.server";
import type { FileRule } from "./form-body.server";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_UPLOAD_ERRORS = {
  notImage: { title: "Failed to upload image", description: "Please upload an image file" },
  tooLarge: { title: "Failed to upload image", description: "Please upload an image smaller than 5MB" },
  unreadable: {
    title: "Failed to upload image",
    description: "The upload could not be read. Please try again.",
  },
} satisfies Record<string, ActionError>;

/** Where a form's image goes: its file input, the URL field it fills, and the bucket. */
export type ImageOptions = {
  bucket?: Extract<Bucket, "media" | "certificates">;
  fileField?: string;
  urlField?: string;
};

/** The file rule of a form's image (a back-office form takes one by default: imageFile → imageUrl). */
export function imageRule(options: ImageOptions = {}): FileRule & { urlField: string } {
  return {
    field: options.fileField ?? "imageFile",
    urlField: options.urlField ?? "imageUrl",
    bucket: options.bucket ?? "media",
    maxBytes: IMAGE_MAX_BYTES,
    // Anything else is refused before a byte of it is written.
    accept: IMAGE_TYPES,
    picture: true,
  };
}
