// Searches with no results (/admin/catalog/searches), for admin and sales: this month's catalogue
// searches that found nothing, from the search log. What visitors want and cannot find.
import { CatalogSections } from "~/components/admin/catalog-sections";
import { FetchError } from "~/components/admin/fetch-error";
import { PageHeader } from "~/components/admin/page-header";
import { SearchReportTable } from "~/components/admin/search-report-table";
import { nzMonthName } from "~/lib/nz-date";
import { NO_RESULT_REPORT_SIZE, searchesWithNoResults } from "~/modules/search/report.server";
import { requireStaff } from "~/server/auth/guards.server";
import { tryLoad } from "~/server/http/screens.server";
import type { Route } from "./+types/searches";

export function meta() {
  return [{ title: "Searches with No Results | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const now = new Date();
  const report = await tryLoad("searches with no results", () => searchesWithNoResults(now));
  return { report, month: nzMonthName(now), size: NO_RESULT_REPORT_SIZE };
}

export default function SearchesWithNoResults({ loaderData }: Route.ComponentProps) {
  const { report, month, size } = loaderData;
  return (
    <>
      <PageHeader
        title="Searches with No Results"
        description={`The ${size} catalogue searches that found nothing most often in ${month}: products visitors looked for and could not find.`}
      />
      <CatalogSections current="searches" />
      {report.ok ? (
        <SearchReportTable rows={report.value} month={month} />
      ) : (
        <FetchError failed message="Failed to fetch the searches" />
      )}
    </>
  );
}
