// Catalogue imports (/admin/catalog/imports), admins only: every import, newest first, with its
// status and what it did; each opens its own page (its preview, progress, report and undo).
import { UploadIcon } from "lucide-react";
import { Link } from "react-router";
import { IMPORT_COLUMNS } from "~/components/admin/catalog-import/import-columns";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { PagedList } from "~/components/admin/data-table/paged-list";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { parseListParams } from "~/lib/list-params";
import { listImports } from "~/modules/catalog-import/queries.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loadPagedList } from "~/server/http/screens.server";
import type { Route } from "./+types/imports";

export function meta() {
  return [{ title: "Catalogue Imports | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const list = await loadPagedList("catalogue imports", parseListParams(request), ({ page }) =>
    listImports(page),
  );
  return { list };
}

export default function CatalogImports({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Catalogue Imports" description="Each sheet imported, what it did, and its report.">
        <Button asChild>
          <Link to="/admin/catalog/import">
            <UploadIcon aria-hidden />
            Import a sheet
          </Link>
        </Button>
      </PageHeader>
      <CatalogSections current="imports" admin />
      <PagedList
        noun="catalogue imports"
        list={loaderData.list}
        columns={IMPORT_COLUMNS}
        getRowKey={(row) => row.id}
        searchable={false}
        emptyText="No imports yet."
        failedMessage="Failed to fetch the imports"
      />
    </>
  );
}
