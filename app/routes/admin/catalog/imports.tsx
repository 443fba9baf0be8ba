// Catalogue imports (/admin/catalog/imports), admins only: every import, newest first, with its
// status and what it did; each opens its own page (its preview, progress, report and undo). Below
// the list, the saved column profiles, each of which can be deleted.
import { Trash2Icon, UploadIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { IMPORT_COLUMNS } from "~/components/admin/catalog-import/import-columns";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { PagedList } from "~/components/admin/data-table/paged-list";
import { PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { parseListParams } from "~/lib/list-params";
import { deleteImportProfile } from "~/modules/catalog-import/commands.server";
import { listImports, listProfiles } from "~/modules/catalog-import/queries.server";
import { importProfilesIntentSchema } from "~/modules/catalog-import/schema";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { loadPagedList } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/imports";

export function meta() {
  return [{ title: "Catalogue Imports | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const list = await loadPagedList("catalogue imports", parseListParams(request), ({ page }) =>
    listImports(page),
  );
  const profiles = (await listProfiles()).map(({ id, name }) => ({ id, name }));
  return { list, profiles };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: importProfilesIntentSchema });
  if (!form.ok) return form.response;
  const done = await form.run(
    deleteImportProfile,
    { id: form.value.profileId },
    "The profile could not be deleted",
  );
  if (!done.ok) return done.response;
  return redirectWithToast("/admin/catalog/imports", { type: "success", title: "Profile deleted" });
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
      <section className="grid gap-2" aria-labelledby="profiles-heading">
        <h2 id="profiles-heading" className="font-semibold text-lg">
          Saved column profiles
        </h2>
        {loaderData.profiles.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            None yet: save the way a file's columns are matched on its import page, and it is offered for the
            next file with the same headers.
          </p>
        ) : (
          <ul className="grid max-w-xl gap-2">
            {loaderData.profiles.map((profile) => (
              <li
                key={profile.id}
                className="flex items-center justify-between gap-3 rounded-md border p-2 pl-3"
              >
                <span className="min-w-0 break-words">{profile.name}</span>
                <Form method="post">
                  <input type="hidden" name="profileId" value={profile.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="delete-profile"
                    variant="outline"
                    size="sm"
                    aria-label={`Delete the profile ${profile.name}`}
                  >
                    <Trash2Icon aria-hidden />
                    Delete
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
