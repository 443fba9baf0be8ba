// The certification form, shared by the browser and the server. Title, file URL and
// file type are required. The file URL is typed (http(s) or a site path) or comes from an upload
// (the "upload" intent answers the stored file's public URL, which the form then carries).
import { z } from "zod";
import {
  checkbox,
  imageUrlField,
  isSafeUrl,
  optionalId,
  optionalText,
  requiredText,
} from "~/lib/form-values";

export const certificationFormSchema = z.object({
  title: requiredText("Title is required", 200),
  description: optionalText(5000),
  categoryId: optionalId(),
  fileUrl: requiredText("File URL is required", 2000).refine(
    isSafeUrl,
    "Please enter a valid file URL (https://… or /path)",
  ),
  fileType: requiredText("File type is required", 20),
  imageUrl: imageUrlField(),
  allowDownload: checkbox(),
});
export type CertificationInput = z.output<typeof certificationFormSchema>;

/** What an upload is for: the certificate itself (PDF, PNG or JPEG) or its preview image. */
export const UPLOAD_KINDS = ["file", "image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const recordId = z.uuid("Invalid record");

/** Every intent the certifications screen posts. */
export const certificationActionSchema = z.discriminatedUnion("intent", [
  certificationFormSchema.extend({ intent: z.literal("create") }),
  certificationFormSchema.extend({ intent: z.literal("update"), id: recordId }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

/** The answer to an upload: the stored file's public URL, and for a certificate its type. */
export type UploadAnswer = { upload: { kind: UploadKind; url: string; fileType: string | null } };
