// The certification dialog's upload, read as readForm (server/http/intake.server.ts) reads a staff
// form: the admin's access checked before the body is read, the multipart read (its file a
// certificate or its preview image, told by its bytes) and judged, then the upload command run
// once per submission. A refused, failed or repeated upload keeps no file.
//
//   const upload = await readCertificateUpload(args);
//   if (!upload.ok) return upload.response;           // 401/403 thrown, 400 with the message
//   const done = await upload.run();                   // { ok, result }: undefined for a repeat
import { z } from "zod";
import { runCommand } from "~/server/commands/runner.server";
import { type CommandRun, type RequestArgs, requireActor, writeFailure } from "~/server/http/intake.server";
import { actionFailure, parseIntent } from "~/server/http/intents";
import { oncePerSubmission } from "~/server/http/once-per-submission.server";
import { storeCertificationUpload } from "./admin.server";
import { type CertificateUpload, uploadCertificateFile } from "./commands.server";
import { UPLOAD_KINDS } from "./schema";

const uploadSchema = z.object({
  intent: z.literal("upload"),
  kind: z.enum(UPLOAD_KINDS, "Choose what to upload"),
});

const FAILURE = "Failed to upload file";

export async function readCertificateUpload(args: RequestArgs) {
  const actor = await requireActor(args, "admin");
  const stored = await storeCertificationUpload(args.request);
  const parsed = parseIntent(stored.fields, uploadSchema);
  if (!stored.ok) return { ok: false as const, response: actionFailure(parsed.submission, stored.error) };
  const { discard, fields } = stored;
  if (!parsed.ok) {
    await discard();
    return { ok: false as const, response: parsed.response };
  }
  const input: CertificateUpload = {
    kind: stored.kind,
    url: stored.url,
    fileType: stored.fileType,
    originalName: stored.originalName,
  };
  /** Runs the upload command once per submission: a repeat keeps no second file. */
  async function run(): Promise<CommandRun<Omit<CertificateUpload, "originalName">>> {
    try {
      let result: Omit<CertificateUpload, "originalName"> | undefined;
      const outcome = await oncePerSubmission(fields, async () => {
        result = await runCommand(uploadCertificateFile, actor, input);
      });
      if (outcome === "repeat") await discard();
      return { ok: true, result };
    } catch (error) {
      await discard();
      return { ok: false, response: writeFailure(parsed.submission, error, FAILURE) };
    }
  }
  return { ok: true as const, value: input, run };
}
