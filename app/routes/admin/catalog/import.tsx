// Catalogue import (/admin/catalog/import), admins only: the sheet uploaded into the private
// imports bucket, its header read, then on to the import's own page to match its columns.
import { Link } from "react-router";
import { ImportUploadForm } from "~/components/admin/catalog-import/upload-form";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { PageHeader } from "~/components/admin/page-header";
import type { ActionFailure } from "~/lib/action-error";
import { newSubmissionId } from "~/lib/submission-id";
import { createImport } from "~/modules/catalog-import/commands.server";
import { PICTURES_ZIP_MAX_BYTES } from "~/modules/catalog-import/pictures/limits";
import { importUploadSchema } from "~/modules/catalog-import/schema";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm, staffAnswer } from "~/server/http/intake.server";
import { actionFailure } from "~/server/http/intents";
import type { Refusal } from "~/server/http/judge.server";
import { MAX_SHEET_BYTES, MAX_SHEET_ROWS, SHEET_MESSAGES } from "~/server/sheets/sheet";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/import";

export function meta() {
  return [{ title: "Import Catalogue | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { submissionId: newSubmissionId() };
}

const FAILURE = "The sheet could not be uploaded";
const NOT_A_SHEET = "This file is not a spreadsheet. Choose a CSV file or an Excel workbook (.xlsx).";
const NO_FILE = "Choose the CSV or Excel file to import.";
const NOT_A_ZIP = "The ZIP of pictures could not be read: it is not a ZIP archive, or it is damaged.";
const PICTURES_TOO_LARGE = "The ZIP of pictures is larger than 1 GB.";

function fileProblem(submission: Refusal["submission"], message: string) {
  return actionFailure(
    submission,
    { title: FAILURE, description: message },
    { fieldErrors: { file: [message] } },
  );
}

function picturesProblem(submission: Refusal["submission"], message: string) {
  return actionFailure(
    submission,
    { title: FAILURE, description: message },
    { fieldErrors: { pictures: [message] } },
  );
}

/** A file the intake refused unkept (too large), in the import's words. */
function answerUpload(refused: Refusal & { title?: string }) {
  if (refused.reason !== "file") return staffAnswer(refused);
  if (refused.file?.field === "pictures")
    return picturesProblem(
      refused.submission,
      refused.file.problem === "too_large" ? PICTURES_TOO_LARGE : NOT_A_ZIP,
    );
  return fileProblem(
    refused.submission,
    refused.file?.problem === "too_large" ? SHEET_MESSAGES.tooLarge : NOT_A_SHEET,
  );
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, {
    access: "admin",
    schema: importUploadSchema,
    files: [
      { field: "file", bucket: "imports", maxBytes: MAX_SHEET_BYTES },
      { field: "pictures", bucket: "imports", maxBytes: PICTURES_ZIP_MAX_BYTES },
    ],
    answer: answerUpload,
  });
  if (!form.ok) return form.response;
  const file = form.files.get("file");
  if (!file) return fileProblem(form.submission, NO_FILE);
  // A picture, a PDF or a Word file told by its bytes; an old .xls is told apart by the readers.
  if (file.detected && file.detected !== "doc") return fileProblem(form.submission, NOT_A_SHEET);
  const pictures = form.files.get("pictures");
  if (pictures?.detected) return picturesProblem(form.submission, NOT_A_ZIP);
  const done = await form.run(
    createImport,
    {
      filePath: file.path,
      fileName: file.originalName,
      fileBytes: file.size,
      sheetName: form.value.sheetName,
      pictures: pictures
        ? { path: pictures.path, name: pictures.originalName, bytes: pictures.size, localFile: pictures.temp }
        : null,
    },
    FAILURE,
  );
  if (!done.ok) return done.response;
  if (!done.result)
    return redirectWithToast("/admin/catalog/imports", { type: "success", title: "Sheet uploaded" });
  return redirectWithToast(`/admin/catalog/imports/${done.result.id}`, {
    type: "success",
    title: "Sheet uploaded",
    description: "Check which field each column fills.",
  });
}

export default function CatalogImport({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as ActionFailure | undefined;
  const errors = failure?.result.error ?? {};
  return (
    <>
      <PageHeader
        title="Import Catalogue"
        description="Add and update many products at once from a spreadsheet. Nothing changes until you have seen what the import will do."
      />
      <CatalogSections current="imports" admin />
      <ImportUploadForm
        submissionId={loaderData.submissionId}
        maxMegabytes={MAX_SHEET_BYTES / 1024 / 1024}
        maxRows={MAX_SHEET_ROWS}
        picturesMaxMegabytes={PICTURES_ZIP_MAX_BYTES / 1024 / 1024}
        fileError={errors.file?.[0]}
        picturesError={errors.pictures?.[0]}
        formError={errors[""]?.[0]}
      />
      <p className="text-sm">
        <Link to="/admin/catalog/imports" className="underline underline-offset-4">
          Earlier imports
        </Link>{" "}
        are listed with what each did, and can be undone.
      </p>
    </>
  );
}
