// Certifications (/admin/certifications), admin only: search on title, description and file type,
// a status filter; a paged table with each certificate's status and expiry; the Add/Edit dialog
// whose certificate file and image are uploaded as soon as they are chosen (a multipart post with
// intent "upload") or typed as URLs, with the certificate's details and covered products; "checked
// against the register today"; delete.
import { z } from "zod";
import { CertificationsList } from "~/components/admin/certifications/certifications-list";
import { PageHeader } from "~/components/admin/page-header";
import { parseListParams } from "~/lib/list-params";
import { CERTIFICATE_STATUSES, type CertificateStatus } from "~/lib/vocabulary";
import {
  type AuditChanges,
  createCertification,
  deleteCertification,
  getCertificationCategoryOptions,
  getCoverableProductOptions,
  listAdminCertifications,
  markRegisterChecked,
  storeCertificationUpload,
  updateCertification,
} from "~/modules/certifications/admin.server";
import { certificationActionSchema, UPLOAD_KINDS, type UploadAnswer } from "~/modules/certifications/schema";
import { requireAdmin } from "~/server/auth/guards.server";
import { isMultipart } from "~/server/http/form-body.server";
import { actionFailure, backToList, parseIntent } from "~/server/http/intents";
import { loadPagedList, loadPickList } from "~/server/http/screens.server";
import { auditTargetOf, readStaffForm } from "~/server/http/staff-action.server";
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

const uploadSchema = z.object({
  intent: z.literal("upload"),
  kind: z.enum(UPLOAD_KINDS, "Choose what to upload"),
});

/** A file chosen in the dialog: stored at once, its public URL (and type) answered to the form. */
async function upload(request: Request) {
  const stored = await storeCertificationUpload(request);
  const parsed = parseIntent(stored.fields, uploadSchema);
  if (!stored.ok) return actionFailure(parsed.submission, stored.error);
  if (!parsed.ok) {
    await stored.discard();
    return parsed.response;
  }
  return {
    upload: { kind: parsed.value.kind, url: stored.url, fileType: stored.fileType },
  } satisfies UploadAnswer;
}

const SUCCESS = {
  create: "Certification created successfully",
  update: "Certification updated successfully",
  delete: "Certification deleted successfully",
  "register-checked": "Register check recorded",
} as const;

async function perform(
  value: z.output<typeof certificationActionSchema>,
  staffName: string,
  changes: AuditChanges,
) {
  if (value.intent === "create") return createCertification(value, changes);
  if (value.intent === "update") return updateCertification(value.id, value, changes);
  if (value.intent === "register-checked") return markRegisterChecked(value.id, staffName);
  return deleteCertification(value.id);
}

// The dialog's own form is a plain post (its files went up already, as "upload" posts).
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  if (isMultipart(request)) {
    await requireAdmin(request);
    return upload(request);
  }
  const form = await readStaffForm(args, { role: "admin", schema: certificationActionSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  // Filled by the write: a change to the covered products, which the certificate's row cannot show.
  const changes: AuditChanges = {};
  const failed = await form.commit(
    { ...auditTargetOf("certification", form.value), changes },
    () => perform(form.value, form.staff.user.name, changes),
    intent === "delete" ? "Failed to delete certification" : "Failed to save certification",
  );
  return failed ?? redirectWithToast(backToList(request), { type: "success", title: SUCCESS[intent] });
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
