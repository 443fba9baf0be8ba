import { z } from "zod";
import { EnquiriesTab } from "~/components/admin/contact-management/enquiries-tab";
import { SubjectsTab } from "~/components/admin/contact-management/subjects-tab";
import { LinkTabs } from "~/components/admin/link-tabs";
import { PageHeader } from "~/components/admin/page-header";
import { checkbox } from "~/lib/form-values";
import { parseListParams } from "~/lib/list-params";
import { listEnquiries, listSubjects } from "~/modules/enquiries/admin.server";
import {
  changeEnquiryStatuses,
  deleteEnquiry,
  type StatusChange,
  saveSubject,
} from "~/modules/enquiries/commands.server";
import { bulkStatusSchema, parseEnquiryFilters } from "~/modules/enquiries/follow-up.schema";
import { getActiveStaff } from "~/modules/enquiries/follow-up.server";
import { subjectFormSchema } from "~/modules/enquiries/subjects.schema";
import { quotingRoles, quotingRolesForAction } from "~/modules/quotes/access.server";
import { ADMIN_ROLES, isAdmin, requireRole } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { loadPagedList, loadPickList, loadWholeList } from "~/server/http/screens.server";
import { redirectWithToast, type Toast } from "~/server/toast.server";
import type { Route } from "./+types/contact-management";

export function meta() {
  return [{ title: "Contact Management | Trade Counter Admin" }];
}

const TABS = [
  { value: "queries", label: "Contact Queries" },
  { value: "subjects", label: "Subject Management" },
] as const;

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
    loadPagedList("contact queries", params, (p) => listEnquiries({ ...p, ...filters })),
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

const SUBJECT_SAVED: Record<Exclude<Intent["intent"], "bulk-status" | "delete-query">, Toast> = {
  "create-subject": done("Subject created successfully"),
  "update-subject": done("Subject updated successfully"),
  "toggle-subject": done("Subject updated successfully"),
  "delete-subject": done("Subject deleted successfully"),
};

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, {
    access: await quotingRolesForAction(args.request),
    schema: contactManagementIntentSchema,
    intentAccess: ADMIN_INTENTS,
  });
  if (!form.ok) return form.response;
  const value = form.value;
  const failure = FAILURE[value.intent];
  // A repeat of a submission already carried out writes nothing and is answered as the first was
  // (a bulk change, whose counts are the first one's, plainly "Saved").
  let toast: Toast;
  if (value.intent === "bulk-status") {
    const ran = await form.run(changeEnquiryStatuses, value, failure);
    if (!ran.ok) return ran.response;
    toast = ran.result ? bulkToast(value.status, ran.result) : done("Saved");
  } else if (value.intent === "delete-query") {
    const ran = await form.run(deleteEnquiry, value, failure);
    if (!ran.ok) return ran.response;
    toast = done("Query deleted successfully");
  } else {
    const ran = await form.run(saveSubject, value, failure);
    if (!ran.ok) return ran.response;
    toast = SUBJECT_SAVED[value.intent];
  }
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
