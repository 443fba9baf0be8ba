// The import's first step: choose the sheet (CSV or Excel), for a workbook the worksheet, and the
// ZIP of pictures its picture column names (if it names files), then upload them. The upload shows its progress bar (the enquiry form's); without JavaScript the
// browser's own indicator serves.
import { UploadIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { UploadProgress } from "~/components/forms/upload-progress";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SUBMISSION_FIELD } from "~/lib/submission-id";

export function ImportUploadForm(props: {
  submissionId: string;
  maxMegabytes: number;
  maxRows: number;
  picturesMaxMegabytes: number;
  fileError?: string;
  picturesError?: string;
  formError?: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const fileDescription = ["import-file-hint", props.fileError ? "import-file-error" : null]
    .filter(Boolean)
    .join(" ");
  const picturesDescription = ["import-pictures-hint", props.picturesError ? "import-pictures-error" : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid max-w-xl gap-5"
      aria-label="Upload a sheet"
    >
      <input type="hidden" name={SUBMISSION_FIELD} value={props.submissionId} />
      <div className="grid gap-1.5">
        <Label htmlFor="import-file">Catalogue sheet</Label>
        <Input
          id="import-file"
          name="file"
          type="file"
          required
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-invalid={props.fileError ? true : undefined}
          aria-describedby={fileDescription}
        />
        <p id="import-file-hint" className="text-muted-foreground text-sm">
          CSV or Excel workbook (.xlsx), up to {props.maxMegabytes} MB and{" "}
          {props.maxRows.toLocaleString("en-NZ")} rows. The first row names the columns.
        </p>
        {props.fileError ? (
          <p id="import-file-error" className="font-medium text-destructive text-sm">
            {props.fileError}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="import-pictures">ZIP of pictures (optional)</Label>
        <Input
          id="import-pictures"
          name="pictures"
          type="file"
          accept=".zip,application/zip"
          aria-invalid={props.picturesError ? true : undefined}
          aria-describedby={picturesDescription}
        />
        <p id="import-pictures-hint" className="text-muted-foreground text-sm">
          When the picture column names files (such as deck.jpg), the ZIP that holds them, up to{" "}
          {props.picturesMaxMegabytes >= 1024
            ? `${props.picturesMaxMegabytes / 1024} GB`
            : `${props.picturesMaxMegabytes} MB`}
          . A picture column can also hold web addresses; the server fetches those.
        </p>
        {props.picturesError ? (
          <p id="import-pictures-error" className="font-medium text-destructive text-sm">
            {props.picturesError}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="import-sheet">Worksheet (for a workbook)</Label>
        <Input id="import-sheet" name="sheetName" maxLength={100} aria-describedby="import-sheet-hint" />
        <p id="import-sheet-hint" className="text-muted-foreground text-sm">
          Leave it empty to read the first sheet.
        </p>
      </div>
      {props.formError ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-destructive text-sm">
          {props.formError}
        </p>
      ) : null}
      <UploadProgress active={sending} />
      <Button
        type="submit"
        name="intent"
        value="upload"
        disabled={sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <UploadIcon aria-hidden />
        {sending ? "Uploading..." : "Upload and match columns"}
      </Button>
    </Form>
  );
}
