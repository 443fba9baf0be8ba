import { z } from "zod";
import { EnquiriesTab, type EnquiryListRow } from "~/components/admin/contact-management/enquiries-tab";
import { SubjectsTab } from "~/components/admin/contact-management/subjects-tab";
import { LinkTabs } from "~/components/admin/link-tabs";
import { PageHeader } from "~/components/admin/page-header";
import { checkbox } from "~/modules/admin/form-values";
import { backToList } from "~/modules/admin/intents";
import { parseListParams } from "~/modules/admin/list-params";
import { loadPagedList, readAdminForm, tryLoad } from "~/modules/admin/screens.server";
import {
  createSubject,
  deleteEnquiry,
  deleteSubject,
  type EnquiryRow,
  listEnquiries,
  listSubjects,
  setSubjectActive,
  updateSubject,
} from "~/modules/enquiries/admin.server";
import { subjectFormSchema } from "~/modules/enquiries/subjects.schema";
import { requireAdmin } from "~/server/auth/guards.server";
import { parseStoredPath } from "~/server/storage/storage.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/contact-management";

export function meta() {
  return [{ title: "Contact Management | Trade Counter Admin" }];
}

const TABS = [
  { value: "queries", label: "Contact Queries" },
  { value: "subjects", label: "Subject Management" },
] as const;

/** What the table needs of an enquiry: the attachment as its staff-only download address. */
function toListRow(row: EnquiryRow): EnquiryListRow {
  const stored = parseStoredPath(row.fileUrl);
  const fileHref =
    stored?.bucket === "contact_uploads" ? `/admin/files/contact_uploads/${stored.name}` : null;
  const { fileUrl: _fileUrl, ...rest } = row;
  return { ...rest, fileHref };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const params = parseListParams(url);
  if (url.searchParams.get("tab") === "subjects") {
    const loaded = await tryLoad("subjects", () => listSubjects(params.q));
    return {
      tab: "subjects",
      subjects: { rows: loaded.ok ? loaded.value : [], q: params.q, failed: !loaded.ok },
    } as const;
  }
  const queries = await loadPagedList("contact queries", params, async (p) => {
    const list = await listEnquiries(p);
    return { ...list, rows: list.rows.map(toListRow) };
  });
  return { tab: "queries", queries } as const;
}

const id = z.uuid("Invalid record");

const contactManagementIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-query"), id }),
  subjectFormSchema.extend({ intent: z.literal("create-subject") }),
  subjectFormSchema.extend({ intent: z.literal("update-subject"), id }),
  z.object({ intent: z.literal("toggle-subject"), id, isActive: checkbox() }),
  z.object({ intent: z.literal("delete-subject"), id }),
]);
type Intent = z.output<typeof contactManagementIntentSchema>;

const OUTCOME: Record<Intent["intent"], { success: string; failure: string }> = {
  "delete-query": { success: "Query deleted successfully", failure: "Error deleting query" },
  "create-subject": { success: "Subject created successfully", failure: "Error saving subject" },
  "update-subject": { success: "Subject updated successfully", failure: "Error saving subject" },
  "toggle-subject": { success: "Subject updated successfully", failure: "Error saving subject" },
  "delete-subject": { success: "Subject deleted successfully", failure: "Error deleting subject" },
};

async function perform(value: Intent) {
  switch (value.intent) {
    case "delete-query":
      return deleteEnquiry(value.id);
    case "create-subject":
      return void (await createSubject(value));
    case "update-subject":
      return void (await updateSubject(value.id, value));
    case "toggle-subject":
      return setSubjectActive(value.id, value.isActive);
    case "delete-subject":
      return deleteSubject(value.id);
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readAdminForm(request, contactManagementIntentSchema);
  if (!form.ok) return form.response;
  const value = form.value;
  const outcome = OUTCOME[value.intent];
  const failed = await form.attempt(() => perform(value), outcome.failure);
  if (failed) return failed;
  return redirectWithToast(backToList(request), { type: "success", title: outcome.success });
}

export default function ContactManagement({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Contact Management"
        description="Enquiries sent from the site, and the subjects offered on the contact form."
      />
      <LinkTabs label="Contact Management sections" current={loaderData.tab} tabs={TABS} />
      {loaderData.tab === "queries" ? (
        <EnquiriesTab list={loaderData.queries} />
      ) : (
        <SubjectsTab {...loaderData.subjects} />
      )}
    </>
  );
}
