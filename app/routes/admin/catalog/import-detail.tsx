// One catalogue import (/admin/catalog/imports/:id), admins only: its columns matched, its dry
// run's progress and preview, then the apply's progress and outcome, the report, and the undo.
// Each step posts an intent; the work is the import's commands and its job.
import { DownloadIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { ImportStatusBadge } from "~/components/admin/catalog-import/import-columns";
import { ImportOutcome, UndoImport } from "~/components/admin/catalog-import/import-outcome";
import { ImportPreview } from "~/components/admin/catalog-import/import-preview";
import { ImportProgress } from "~/components/admin/catalog-import/import-progress";
import { MappingForm } from "~/components/admin/catalog-import/mapping-form";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import type { ActionFailure } from "~/lib/action-error";
import { formatNzDateTime } from "~/lib/nz-date";
import {
  discardImport,
  requestApply,
  requestUndo,
  saveImportProfile,
  startDryRun,
} from "~/modules/catalog-import/commands.server";
import { getImport } from "~/modules/catalog-import/queries.server";
import { importIntentSchema } from "~/modules/catalog-import/schema";
import { loadImportScreen } from "~/modules/catalog-import/screen.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/import-detail";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.import.fileName ?? "Import"} | Catalogue Imports | Trade Counter Admin` }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadImportScreen(params.id, new URL(request.url));
}

const DONE = {
  plan: "The dry run has started",
  "save-profile": "Profile saved",
  apply: "The import has started",
  undo: "The undo has started",
  discard: "Import discarded",
} as const;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: importIntentSchema });
  if (!form.ok) return form.response;
  const record = await getImport(args.params.id);
  const { id, fileName } = record;
  const value = form.value;
  const here = `/admin/catalog/imports/${id}`;
  let done: Awaited<ReturnType<typeof form.run>>;
  switch (value.intent) {
    case "plan":
      done = await form.run(startDryRun, { id, fileName, ...value }, "The dry run could not start");
      break;
    case "save-profile": {
      const columns = record.headers.map((header, i) => ({ header, field: value.fields[i] ?? null }));
      done = await form.run(
        saveImportProfile,
        { name: value.profileName, columns, mode: value.mode, createMissing: value.createMissing },
        "The profile could not be saved",
      );
      break;
    }
    case "apply":
      done = await form.run(requestApply, { id, fileName }, "The import could not start");
      break;
    case "undo":
      done = await form.run(
        requestUndo,
        { id, fileName, conflicts: value.conflicts },
        "The undo could not start",
      );
      break;
    case "discard":
      done = await form.run(discardImport, { id, fileName }, "The import could not be discarded");
      break;
  }
  if (!done.ok) return done.response;
  const to =
    value.intent === "discard"
      ? "/admin/catalog/imports"
      : value.intent === "save-profile"
        ? `${here}?step=mapping`
        : here;
  return redirectWithToast(to, { type: "success", title: DONE[value.intent] });
}

/** "Import 1 change", "Import 2,400 changes". */
function changesWord(count: number) {
  return `Import ${count.toLocaleString("en-NZ")} ${count === 1 ? "change" : "changes"}`;
}

export default function CatalogImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { import: record, mapping, preview, progress, conflicts } = loaderData;
  const errors = (actionData as ActionFailure | undefined)?.result.error ?? {};
  const formError = errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0];
  const job = record.status === "planning" || record.status === "applying" || record.status === "undoing";
  return (
    <>
      <PageHeader
        title={record.fileName}
        description={`Uploaded by ${record.createdByName ?? "an admin"}, ${formatNzDateTime(record.createdAt)}${record.sheetName ? `, worksheet "${record.sheetName}"` : ""}.`}
      >
        <ImportStatusBadge status={record.status} />
      </PageHeader>
      <CatalogSections current="imports" admin within />
      {job && progress ? <ImportProgress job={record.status as "planning"} progress={progress} /> : null}
      {mapping ? (
        <MappingForm {...mapping} formError={formError} profileNameError={errors.profileName?.[0]} />
      ) : null}
      {preview ? <ImportPreview preview={preview} /> : null}
      {!mapping && !job && record.status !== "planned" && record.status !== "discarded" ? (
        <ImportOutcome outcome={record as Parameters<typeof ImportOutcome>[0]["outcome"]} />
      ) : null}
      {formError && !mapping ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-destructive text-sm">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {record.canApply ? (
          <Form method="post">
            <Button type="submit" name="intent" value="apply">
              {changesWord((preview?.counts.create ?? 0) + (preview?.counts.update ?? 0))}
            </Button>
          </Form>
        ) : null}
        {record.canRemap ? (
          <Button asChild variant="outline">
            <Link to="?step=mapping">Change the columns or options</Link>
          </Button>
        ) : null}
        {record.hasReport ? (
          <Button asChild variant="outline">
            <a href={`/admin/catalog/imports/${record.id}/report`} download>
              <DownloadIcon aria-hidden />
              Download the report (CSV)
            </a>
          </Button>
        ) : null}
        {record.canDiscard ? (
          <Form method="post">
            <Button type="submit" name="intent" value="discard" variant="ghost">
              Discard this import
            </Button>
          </Form>
        ) : null}
      </div>
      {record.canUndo ? <UndoImport conflicts={conflicts} /> : null}
    </>
  );
}
