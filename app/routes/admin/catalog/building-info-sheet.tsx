import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { SheetEditor } from "~/components/admin/building-info/sheet-editor";
import { SheetStatus, SheetVersions } from "~/components/admin/building-info/sheet-status";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import type { ActionFailure } from "~/lib/action-error";
import { deleteSheet, saveSheet } from "~/modules/compliance/commands.server";
import { sheetEditorIntentSchema } from "~/modules/compliance/sheet.schema";
import { getSheet, sheetFormValuesOf } from "~/modules/compliance/sheets.server";
import { requireStaff } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { notFound } from "~/server/http/not-found";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/building-info-sheet";

// One building product information sheet (staff): every field, what is missing for its class,
// the products that use it and the versions it superseded. Each save keeps the version it
// replaces; deleting the sheet unlinks its products.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.sheet.title ?? "Building Information"} | Trade Counter Admin` }];
}

const MISSING = "This sheet does not exist.";

function sheetId(params: { id?: string }) {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw notFound(MISSING);
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const found = await getSheet(sheetId(params));
  if (!found) throw notFound(MISSING);
  return { ...found, values: sheetFormValuesOf(found.sheet) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "staff", schema: sheetEditorIntentSchema });
  if (!form.ok) return form.response;
  const id = sheetId(args.params);
  const value = form.value;
  if (value.intent === "delete") {
    if (value.id !== id) throw notFound(MISSING);
    const done = await form.run(deleteSheet, { id }, "Failed to delete the sheet");
    if (!done.ok) return done.response;
    return redirectWithToast("/admin/catalog/building-information", {
      type: "success",
      title: "Sheet deleted",
    });
  }
  const done = await form.run(saveSheet, { id, sheet: value }, "Failed to save the sheet");
  if (!done.ok) return done.response;
  return redirectWithToast(`/admin/catalog/building-information/${id}`, {
    type: "success",
    title: "Sheet saved",
  });
}

export default function BuildingInfoSheet({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet, completeness, versions, products, values } = loaderData;
  const result = (actionData as ActionFailure | undefined)?.result;
  const uses = products.length;
  return (
    <>
      <PageHeader title={sheet.title} description="Building product information sheet">
        <Button asChild variant="outline">
          <Link to="/admin/catalog/building-information">
            <ArrowLeftIcon aria-hidden />
            All sheets
          </Link>
        </Button>
        <ConfirmDelete
          id={sheet.id}
          itemLabel={sheet.title}
          description={
            uses > 0
              ? `${uses === 1 ? "1 product uses" : `${uses} products use`} this sheet and will be left without building information. Delete "${sheet.title}"?`
              : `Delete "${sheet.title}" and its earlier versions?`
          }
          trigger={<Button variant="destructive">Delete Sheet</Button>}
        />
      </PageHeader>
      <CatalogSections current="building-information" within />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <SheetEditor key={sheet.version} defaultValue={values} lastResult={result} />
        <aside className="grid gap-6 lg:sticky lg:top-4" aria-label="Sheet status">
          <SheetStatus version={sheet.version} completeness={completeness} products={products} />
          <SheetVersions versions={versions} />
        </aside>
      </div>
    </>
  );
}
