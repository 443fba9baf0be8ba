// Case studies (/admin/case-studies), admin only: search on title, materials, challenge and
// solution; a paged table; the Add/Edit dialog with an image by upload or URL; delete.

import { CaseStudiesList } from "~/components/admin/case-studies/case-studies-list";
import { PageHeader } from "~/components/admin/page-header";
import { parseListParams } from "~/lib/list-params";
import { getCaseStudyCategoryOptions, listAdminCaseStudies } from "~/modules/case-studies/admin.server";
import { saveCaseStudy } from "~/modules/case-studies/commands.server";
import { caseStudyActionSchema } from "~/modules/case-studies/schema";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { loadPagedList, loadPickList } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/case-studies";

export function meta() {
  return [{ title: "Case Studies | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = parseListParams(request);
  const [list, categories] = await Promise.all([
    loadPagedList("case studies", params, listAdminCaseStudies),
    loadPickList("case study categories", getCaseStudyCategoryOptions),
  ]);
  return { list, categories };
}

const SUCCESS = {
  create: "Case study created successfully",
  update: "Case study updated successfully",
  delete: "Case study deleted successfully",
} as const;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: caseStudyActionSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  const failure = intent === "delete" ? "Failed to delete case study" : "Failed to save case study";
  const done = await form.run(saveCaseStudy, form.value, failure);
  if (!done.ok) return done.response;
  return redirectWithToast(backToList(args.request), { type: "success", title: SUCCESS[intent] });
}

export default function CaseStudiesAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader title="Case Studies" description="Projects shown on the public Case Studies page." />
      <CaseStudiesList list={loaderData.list} categories={loaderData.categories} />
    </div>
  );
}
