// The certification dialog's upload, taken by the one intake (server/http/intake.server.ts) like
// any staff form: the admin's access checked before the body is read, the file held in quarantine
// while it is judged (told by its bytes: a certificate or its preview image), then the upload
// command run once per submission, which stores it. A refused, failed or repeated upload keeps no
// file.
//
//   const upload = await readCertificateUpload(args);
//   if (!upload.ok) return upload.response;           // 401/403 thrown, 4xx with the message
//   const done = await upload.run();                   // { ok, result }: undefined for a repeat
import { z } from "zod";
import { type RequestArgs, readForm, staffAnswer } from "~/server/http/intake.server";
import { actionFailure } from "~/server/http/intents";
import type { Refusal } from "~/server/http/judge.server";
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_UPLOAD_ERRORS,
  certificateFileTypeLabel,
  certificateUploadRefusal,
} from "./admin.server";
import { type CertificateUpload, uploadCertificateFile } from "./commands.server";
import { UPLOAD_KINDS } from "./schema";

const uploadSchema = z.object({
  intent: z.literal("upload"),
  kind: z.enum(UPLOAD_KINDS, "Choose what to upload"),
});

const FAILURE = "Failed to upload file";

/** A file the intake refused unkept, in the certificate dialog's words. */
function answerUpload(refused: Refusal & { title?: string }) {
  if (refused.reason !== "file") return staffAnswer(refused);
  const error =
    refused.file?.problem === "too_large"
      ? CERTIFICATE_UPLOAD_ERRORS.tooLarge
      : refused.file?.problem === "active_content"
        ? CERTIFICATE_UPLOAD_ERRORS.activeContent
        : CERTIFICATE_UPLOAD_ERRORS.wrongType;
  return actionFailure(refused.submission, error);
}

export async function readCertificateUpload(args: RequestArgs) {
  const form = await readForm(args, {
    access: "admin",
    schema: uploadSchema,
    files: [{ field: "file", bucket: "certificates", maxBytes: CERTIFICATE_MAX_BYTES }],
    answer: answerUpload,
  });
  if (!form.ok) return form;
  const { kind } = form.value;
  const file = form.files.get("file");
  const refused = certificateUploadRefusal(kind, file);
  if (!file?.url || refused)
    return {
      ok: false as const,
      response: actionFailure(form.submission, refused ?? CERTIFICATE_UPLOAD_ERRORS.wrongType),
    };
  const input: CertificateUpload = {
    kind,
    url: file.url,
    fileType: certificateFileTypeLabel(kind, file.detected),
    originalName: file.originalName,
  };
  return { ok: true as const, value: input, run: () => form.run(uploadCertificateFile, input, FAILURE) };
}
