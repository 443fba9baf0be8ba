import { z } from "zod";
import { ContactContentFields } from "~/components/admin/contact-management/contact-content-fields";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { EntityList } from "~/components/admin/entity-list";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { contactContentFormSchema, toJsonText } from "~/modules/content/contact-content.schema";
import {
  type ContactContentRow,
  createContactContent,
  deleteContactContent,
  listContactContent,
  updateContactContent,
} from "~/modules/content/contact-content.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loadWholeList } from "~/server/http/screens.server";
import { auditTargetOf, readStaffForm } from "~/server/http/staff-action.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/contact";

export function meta() {
  return [{ title: "Contact Content | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadWholeList("contact content", "", listContactContent);
}

const id = z.uuid("Invalid record");

const contactIntentSchema = z.discriminatedUnion("intent", [
  contactContentFormSchema.extend({ intent: z.literal("create") }),
  contactContentFormSchema.extend({ intent: z.literal("update"), id }),
  z.object({ intent: z.literal("delete"), id }),
]);

const SUCCESS = {
  create: "Contact content created successfully",
  update: "Contact content updated successfully",
  delete: "Contact content deleted successfully",
} as const;

function perform(value: z.output<typeof contactIntentSchema>) {
  if (value.intent === "delete") return deleteContactContent(value.id);
  if (value.intent === "create") return createContactContent(value);
  return updateContactContent(value.id, value);
}

export async function action(args: Route.ActionArgs) {
  const form = await readStaffForm(args, { role: "admin", schema: contactIntentSchema });
  if (!form.ok) return form.response;
  const value = form.value;
  const failed = await form.commit(
    auditTargetOf("contact_content", value),
    () => perform(value),
    value.intent === "delete" ? "Failed to delete contact content" : "Failed to save contact content",
  );
  if (failed) return failed;
  return redirectWithToast("/admin/contact", { type: "success", title: SUCCESS[value.intent] });
}

const NEW_CONTENT = {
  contentType: "contact_info",
  title: "",
  subtitle: "",
  phone: "",
  email: "",
  address: "",
  businessHours: "",
  socialLinks: "",
  mapEmbedCode: "",
};

function toFormValues(row: ContactContentRow) {
  return {
    contentType: row.contentType,
    title: row.title ?? "",
    subtitle: row.subtitle ?? "",
    phone: row.phone ?? "",
    email: row.email ?? "",
    address: row.address ?? "",
    businessHours: toJsonText(row.businessHours),
    socialLinks: toJsonText(row.socialLinks),
    mapEmbedCode: row.mapEmbedCode ?? "",
  } satisfies typeof NEW_CONTENT;
}

function labelOf(row: ContactContentRow) {
  return row.title ?? row.contentType;
}

const COLUMNS: DataTableColumn<ContactContentRow>[] = [
  { key: "type", header: "Type", cell: (r) => <Badge variant="outline">{r.contentType}</Badge> },
  { key: "title", header: "Title", cell: (r) => r.title ?? "—", className: "whitespace-normal" },
  { key: "phone", header: "Phone", cell: (r) => r.phone ?? "—", tableFrom: "4xl" },
  { key: "email", header: "Email", cell: (r) => r.email ?? "—", tableFrom: "4xl", breakAnywhere: true },
];

export default function ContactContent({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Contact Content"
        description="The phone, e-mail, address, hours, social links and map shown on the site."
      />
      <EntityList
        singular="Content"
        noun="contact content"
        list={loaderData}
        columns={COLUMNS}
        rowLabel={labelOf}
        schema={contactContentFormSchema}
        newValues={NEW_CONTENT}
        toFormValues={toFormValues}
        failedMessage="Failed to fetch contact content"
        searchable={false}
        emptyText="No contact content yet. The site shows its default contact details."
        dialog={{
          title: { create: "Add Contact Content", edit: "Edit Contact Content" },
          submitLabel: { create: "Create", edit: "Update" },
        }}
        deleteFor={(r) => ({
          title: `Delete the "${labelOf(r)}" contact content?`,
          description: `This will permanently delete the "${labelOf(r)}" contact content.`,
        })}
      >
        {(fields) => <ContactContentFields fields={fields} />}
      </EntityList>
    </>
  );
}
