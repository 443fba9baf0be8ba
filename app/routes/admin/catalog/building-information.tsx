import { PlusIcon } from "lucide-react";
import { Form } from "react-router";
import { SHEET_COLUMNS } from "~/components/admin/building-info/sheet-columns";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { PagedList } from "~/components/admin/data-table/paged-list";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionFailure } from "~/lib/action-error";
import { parseListParams } from "~/lib/list-params";
import { createSheet } from "~/modules/compliance/commands.server";
import { sheetListIntentSchema } from "~/modules/compliance/sheet.schema";
import { listSheets } from "~/modules/compliance/sheets.server";
import { requireStaff } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { loadPagedList } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/building-information";

// Building product information sheets (staff), a section of the catalogue: each serves one product
// or a product line. A new sheet starts from its title and opens in the editor.

export function meta() {
  return [{ title: "Building Information | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const list = await loadPagedList("building information sheets", parseListParams(request), listSheets);
  return { list };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "staff", schema: sheetListIntentSchema });
  if (!form.ok) return form.response;
  const done = await form.run(createSheet, { title: form.value.title }, "Failed to create the sheet");
  if (!done.ok) return done.response;
  // A repeat of a submission already carried out has no new sheet to open: back to the list.
  const created = done.result;
  return redirectWithToast(
    created ? `/admin/catalog/building-information/${created.id}` : "/admin/catalog/building-information",
    {
      type: "success",
      title: "Sheet created",
      description: "Fill in its information for the product's class.",
    },
  );
}

export default function BuildingInformation({ loaderData, actionData }: Route.ComponentProps) {
  const { list } = loaderData;
  const failure = actionData as ActionFailure | undefined;
  const titleError = failure?.result.error?.title?.[0];
  return (
    <>
      <PageHeader
        title="Building Information"
        description="Building product information sheets. A designated product (Class 1 or 2) cannot be published until its sheet is complete or links to the manufacturer's published information."
      />
      <CatalogSections current="building-information" />
      <Form method="post" className="flex flex-wrap items-end gap-2" aria-label="New sheet">
        <div className="grid gap-1">
          <Label htmlFor="new-sheet-title">New sheet's title</Label>
          <Input
            id="new-sheet-title"
            name="title"
            required
            maxLength={200}
            className="w-72"
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? "new-sheet-title-error" : undefined}
          />
        </div>
        <Button type="submit" name="intent" value="create">
          <PlusIcon aria-hidden />
          New Sheet
        </Button>
        {titleError ? (
          <p id="new-sheet-title-error" className="basis-full font-medium text-destructive text-sm">
            {titleError}
          </p>
        ) : null}
      </Form>
      <PagedList
        noun="building information sheets"
        list={list}
        columns={SHEET_COLUMNS}
        getRowKey={(row) => row.id}
        searchPlaceholder="Search by title..."
        emptyText="No sheets yet. Give the first one a title above."
        failedMessage="Failed to fetch building information sheets"
      />
    </>
  );
}
