// Certifications (/admin/certifications), admin only: search on title, description and file type,
// a status filter; a paged table with each certificate's status and expiry; the Add/Edit dialog
// whose certificate file and image are uploaded as soon as they are chosen (a multipart post with
// intent "upload") or typed as URLs, with the certificate's details and covered products; "checked
// against the register today"; delete.
import { CertificationsList } from "~/components/admin/certifications/certifications-list";
import { PageHeader } from "~/components/admin/page-header";
import { parseListParams } from "~/lib/list-params";
import { CERTIFICATE_STATUSES, type CertificateStatus } from "~/lib/vocabulary";
import {
  getCertificationCategoryOptions,
  getCoverableProductOptions,
  listAdminCertifications,
} from "~/modules/certifications/admin.server";
import { saveCertification } from "~/modules/certifications/commands.server";
import { certificationActionSchema, type UploadAnswer } from "~/modules/certifications/schema";
import { readCertificateUpload } from "~/modules/certifications/upload.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { isMultipart } from "~/server/http/form-body.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { loadPagedList, loadPickList } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/certifications";

export function meta() {
  return [{ title: "Certifications | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = parseListParams(request);
  const asked = new URL(request.url).searchParams.get("status");
  const status = CERTIFICATE_STATUSES.find((known) => known === asked) ?? null;
  const [list, categories, products] = await Promise.all([
    loadPagedList("certifications", params, (page) => listAdminCertifications({ ...page, status })),
    loadPickList("certification categories", getCertificationCategoryOptions),
    loadPickList("products", getCoverableProductOptions),
  ]);
  return { list, categories, products, status: status satisfies CertificateStatus | null };
}

/**
 * A file chosen in the dialog: stored at once, its public URL (and type) answered to the form. A
 * repeat of an upload already carried out answers none (the first answer had it).
 */
async function upload(args: Route.ActionArgs) {
  const form = await readCertificateUpload(args);
  if (!form.ok) return form.response;
  const done = await form.run();
  if (!done.ok) return done.response;
  const stored = done.result;
  return {
    upload: stored ? { kind: stored.kind, url: stored.url, fileType: stored.fileType } : null,
  } satisfies UploadAnswer;
}

const SUCCESS = {
  create: "Certification created successfully",
  update: "Certification updated successfully",
  delete: "Certification deleted successfully",
  "register-checked": "Register check recorded",
} as const;

// The dialog's own form is a plain post (its files went up already, as "upload" posts).
export async function action(args: Route.ActionArgs) {
  if (isMultipart(args.request)) return upload(args);
  const form = await readForm(args, { access: "admin", schema: certificationActionSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  const failure = intent === "delete" ? "Failed to delete certification" : "Failed to save certification";
  const done = await form.run(saveCertification, form.value, failure);
  if (!done.ok) return done.response;
  return redirectWithToast(backToList(args.request), { type: "success", title: SUCCESS[intent] });
}

export default function CertificationsAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        title="Certifications"
        description="Certificates and compliance documents on the public Certifications page."
      />
      <CertificationsList
        list={loaderData.list}
        categories={loaderData.categories}
        products={loaderData.products}
        status={loaderData.status}
      />
    </div>
  );
}
