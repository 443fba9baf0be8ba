// An upload kept the way a back-office form keeps its picture (or any file rule): read by the one
// form reader into quarantine, then copied into storage as a command's runner does; for tests
// that look at the stored file itself. The quarantine is emptied either way.
//
//   const upload = await keptUpload(request, imageRule({ bucket: "media" }));
//   if (!upload.ok) upload.problem;   // what the reader refused
//   upload.url; await upload.remove();
import { type BodyProblem, bodyLimitsFor, type FileRule, readBody } from "~/server/http/form-body.server";
import { keepFile } from "~/server/http/keep-file.server";
import { openQuarantine } from "~/server/http/quarantine.server";

export type KeptUpload =
  | { ok: true; url: string | null; path: string; fields: FormData; remove(): Promise<void> }
  | { ok: false; problem: BodyProblem | { kind: "none" }; fields: FormData };

export async function keptUpload(request: Request, rule: FileRule): Promise<KeptUpload> {
  const quarantine = openQuarantine();
  try {
    const body = await readBody(request, { files: [rule], limits: bodyLimitsFor(request), quarantine });
    if (body.problem) return { ok: false, problem: body.problem, fields: body.fields };
    const held = body.files.get(rule.field);
    if (!held) return { ok: false, problem: { kind: "none" }, fields: body.fields };
    const kept = keepFile(held);
    await kept.store();
    return { ok: true, url: held.url, path: held.path, fields: body.fields, remove: () => kept.remove() };
  } finally {
    await quarantine.release();
  }
}
