import { ContactContentFields } from "~/components/admin/contact-management/contact-content-fields";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { EntityList } from "~/components/admin/entity-list";
import { PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { saveContactContent } from "~/modules/content/commands.server";
import {
  contactContentActionSchema,
  contactContentFormSchema,
  toJsonText,
} from "~/modules/content/contact-content.schema";
import { type ContactContentRow, listContactContent } from "~/modules/content/contact-content.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { loadWholeList } from "~/server/http/screens.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/contact";

export function meta() {
  return [{ title: "Contact Content | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadWholeList("contact content", "", listContactContent);
}

const SUCCESS = {
  create: "Contact content created successfully",
  update: "Contact content updated successfully",
  delete: "Contact content deleted successfully",
} as const;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "admin", schema: contactContentActionSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  const failure = intent === "delete" ? "Failed to delete contact content" : "Failed to save contact content";
  const done = await form.run(saveContactContent, form.value, failure);
  if (!done.ok) return done.response;
  return redirectWithToast("/admin/contact", { type: "success", title: SUCCESS[intent] });
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
