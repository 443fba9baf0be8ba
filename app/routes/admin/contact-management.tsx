import { z } from "zod";
import { EnquiriesTab, type EnquiryListRow } from "~/components/admin/contact-management/enquiries-tab";
import { SubjectsTab } from "~/components/admin/contact-management/subjects-tab";
import { LinkTabs } from "~/components/admin/link-tabs";
import { PageHeader } from "~/components/admin/page-header";
import { checkbox } from "~/lib/form-values";
import { parseListParams } from "~/lib/list-params";
import {
  attachmentHref,
  createSubject,
  deleteEnquiry,
  deleteSubject,
  type EnquiryListItem,
  listEnquiries,
  listSubjects,
  setSubjectActive,
  updateSubject,
} from "~/modules/enquiries/admin.server";
import { bulkStatusSchema, parseEnquiryFilters } from "~/modules/enquiries/follow-up.schema";
import {
  bulkSetEnquiryStatus,
  getActiveStaff,
  type StatusChange,
} from "~/modules/enquiries/follow-up.server";
import { formatReference } from "~/modules/enquiries/reference";
import { subjectFormSchema } from "~/modules/enquiries/subjects.schema";
import { quotingRoles, quotingRolesForAction } from "~/modules/quotes/access.server";
import { ADMIN_ROLES, isAdmin, requireRole, type SessionUser } from "~/server/auth/guards.server";
import { backToList } from "~/server/http/intents";
import { loadPagedList, loadPickList, loadWholeList } from "~/server/http/screens.server";
import { type AuditTarget, auditTargetOf, readStaffForm } from "~/server/http/staff-action.server";
import { redirectWithToast, type Toast } from "~/server/toast.server";
import type { Route } from "./+types/contact-management";

export function meta() {
  return [{ title: "Contact Management | Trade Counter Admin" }];
}

const TABS = [
  { value: "queries", label: "Contact Queries" },
  { value: "subjects", label: "Subject Management" },
] as const;

/** What the table needs of an enquiry: its reference, and the attachment's download address. */
function toListRow(row: EnquiryListItem): EnquiryListRow {
  return {
    id: row.id,
    reference: formatReference(row.referenceNo, row.createdAt),
    status: row.status,
    ownerName: row.ownerName,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    fileHref: attachmentHref(row.fileUrl),
    createdAt: row.createdAt,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const subjectsTab = url.searchParams.get("tab") === "subjects";
  // The queries are open to whoever may quote; the subjects are the admins' alone.
  const user = await requireRole(request, subjectsTab ? ADMIN_ROLES : await quotingRoles());
  const params = parseListParams(url);
  if (subjectsTab) {
    const subjects = await loadWholeList("subjects", params.q, () => listSubjects(params.q));
    return {
      tab: "subjects",
      subjects,
    } as const;
  }
  const filters = parseEnquiryFilters(url.searchParams);
  const [queries, staff] = await Promise.all([
    loadPagedList("contact queries", params, async (p) => {
      const list = await listEnquiries({ ...p, ...filters });
      return { ...list, rows: list.rows.map(toListRow) };
    }),
    loadPickList("staff", getActiveStaff),
  ]);
  return {
    tab: "queries",
    admin: isAdmin(user),
    queries,
    filters,
    staff: staff.map(({ id, name }) => ({ id, name })),
  } as const;
}

const id = z.uuid("Invalid record");

const contactManagementIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-query"), id }),
  bulkStatusSchema.extend({ intent: z.literal("bulk-status") }),
  subjectFormSchema.extend({ intent: z.literal("create-subject") }),
  subjectFormSchema.extend({ intent: z.literal("update-subject"), id }),
  z.object({ intent: z.literal("toggle-subject"), id, isActive: checkbox() }),
  z.object({ intent: z.literal("delete-subject"), id }),
]);
type Intent = z.output<typeof contactManagementIntentSchema>;

// Sales who may quote change statuses; deleting a query and the subjects stay the admins'.
const ADMIN_INTENTS = {
  "delete-query": "admin",
  "create-subject": "admin",
  "update-subject": "admin",
  "toggle-subject": "admin",
  "delete-subject": "admin",
} as const satisfies Record<Exclude<Intent["intent"], "bulk-status">, "admin">;

const FAILURE: Record<Intent["intent"], string> = {
  "delete-query": "Error deleting query",
  "bulk-status": "Error changing the status",
  "create-subject": "Error saving subject",
  "update-subject": "Error saving subject",
  "toggle-subject": "Error saving subject",
  "delete-subject": "Error deleting subject",
};

function done(title: string, description?: string): Toast {
  return { type: "success", title, description };
}

/** "Status changed to Won for 2 queries", and what was left as it was. */
function bulkToast(status: string, result: StatusChange) {
  const notes = [
    result.unchanged ? `${result.unchanged} already ${status}` : "",
    result.missing ? `${result.missing} no longer there` : "",
  ].filter(Boolean);
  const title = result.changed
    ? `Status changed to ${status} for ${result.changed} ${result.changed === 1 ? "query" : "queries"}`
    : "No status changed";
  return done(title, notes.length ? `${notes.join(", ")}.` : undefined);
}

const SUBJECT_SAVED = {
  "create-subject": done("Subject created successfully"),
  "update-subject": done("Subject updated successfully"),
};

/** Does the write and says how it went (the toast after the redirect). */
async function perform(value: Intent, actor: SessionUser): Promise<Toast> {
  switch (value.intent) {
    case "delete-query":
      await deleteEnquiry(value.id);
      return done("Query deleted successfully");
    case "bulk-status":
      return bulkToast(value.status, await bulkSetEnquiryStatus(actor, value.ids, value.status));
    case "create-subject":
      await createSubject(value);
      return SUBJECT_SAVED[value.intent];
    case "update-subject":
      await updateSubject(value.id, value);
      return SUBJECT_SAVED[value.intent];
    case "toggle-subject":
      await setSubjectActive(value.id, value.isActive);
      return done("Subject updated successfully");
    case "delete-subject":
      await deleteSubject(value.id);
      return done("Subject deleted successfully");
  }
}

function auditOf(value: Intent): AuditTarget {
  if (value.intent === "bulk-status") return { entity: "enquiry", action: "update", id: value.ids };
  if (value.intent === "delete-query") return { entity: "enquiry", action: "delete", id: value.id };
  return auditTargetOf("contact_subject", value);
}

export async function action(args: Route.ActionArgs) {
  const form = await readStaffForm(args, {
    role: await quotingRolesForAction(args.request),
    schema: contactManagementIntentSchema,
    intentRoles: ADMIN_INTENTS,
  });
  if (!form.ok) return form.response;
  const value = form.value;
  // A repeat of a subject dialog's submission writes nothing and is answered as the first was.
  let toast = (SUBJECT_SAVED as Partial<Record<string, Toast>>)[value.intent] ?? done("Saved");
  const failed = await form.commit(
    auditOf(value),
    async () => {
      toast = await perform(value, form.staff.user);
    },
    FAILURE[value.intent],
  );
  if (failed) return failed;
  return redirectWithToast(backToList(args.request), toast);
}

export default function ContactManagement({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Contact Management"
        description="Enquiries sent from the site, followed to a close, and the subjects offered on the contact form."
      />
      {loaderData.tab === "subjects" || loaderData.admin ? (
        <LinkTabs label="Contact Management sections" current={loaderData.tab} tabs={TABS} />
      ) : null}
      {loaderData.tab === "queries" ? (
        <EnquiriesTab
          list={loaderData.queries}
          filters={loaderData.filters}
          staff={loaderData.staff}
          admin={loaderData.admin}
        />
      ) : (
        <SubjectsTab list={loaderData.subjects} />
      )}
    </>
  );
}
