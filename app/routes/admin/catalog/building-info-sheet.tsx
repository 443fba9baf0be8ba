import { ArrowLeftIcon } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import { SheetEditor } from "~/components/admin/building-info/sheet-editor";
import { SheetStatus, SheetVersions } from "~/components/admin/building-info/sheet-status";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import type { ActionFailure } from "~/lib/action-error";
import { sheetEditorIntentSchema } from "~/modules/compliance/sheet.schema";
import { deleteSheet, getSheet, saveSheet, sheetFormValuesOf } from "~/modules/compliance/sheets.server";
import { requireStaff } from "~/server/auth/guards.server";
import { readStaffForm } from "~/server/http/staff-action.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/building-info-sheet";

// One building product information sheet (staff): every field, what is missing for its class,
// the products that use it and the versions it superseded. Each save keeps the version it
// replaces; deleting the sheet unlinks its products.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.sheet.title ?? "Building Information"} | Trade Counter Admin` }];
}

function sheetId(params: { id?: string }) {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw data({ message: "This sheet does not exist." }, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const found = await getSheet(sheetId(params));
  if (!found) throw data({ message: "This sheet does not exist." }, { status: 404 });
  return { ...found, values: sheetFormValuesOf(found.sheet) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readStaffForm(args, { role: "staff", schema: sheetEditorIntentSchema });
  if (!form.ok) return form.response;
  const id = sheetId(args.params);
  const value = form.value;
  if (value.intent === "delete" && value.id !== id)
    throw data({ message: "This sheet does not exist." }, { status: 404 });
  const failed = await form.commit(
    { entity: "building_info", action: value.intent === "delete" ? "delete" : "update", id },
    () => (value.intent === "delete" ? deleteSheet(id) : saveSheet(id, value, form.staff.user.name)),
    value.intent === "delete" ? "Failed to delete the sheet" : "Failed to save the sheet",
  );
  if (failed) return failed;
  if (value.intent === "delete")
    return redirectWithToast("/admin/catalog/building-information", {
      type: "success",
      title: "Sheet deleted",
    });
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
