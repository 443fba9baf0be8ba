import { PlusIcon } from "lucide-react";
import { z } from "zod";
import { ContactContentFields } from "~/components/admin/contact-management/contact-content-fields";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table/data-table";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { EntityDialog } from "~/components/admin/entity-dialog";
import { FetchError } from "~/components/admin/fetch-error";
import { PageHeader } from "~/components/admin/page-header";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { contactContentFormSchema, toJsonText } from "~/modules/content/contact-content.schema";
import {
  type ContactContentRow,
  createContactContent,
  deleteContactContent,
  listContactContent,
  updateContactContent,
} from "~/modules/content/contact-content.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { tryLoad } from "~/server/http/screens.server";
import { auditTargetOf, readStaffForm } from "~/server/http/staff-action.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/contact";

export function meta() {
  return [{ title: "Contact Content | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const loaded = await tryLoad("contact content", listContactContent);
  return { rows: loaded.ok ? loaded.value : [], failed: !loaded.ok };
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

export default function ContactContent({ loaderData }: Route.ComponentProps) {
  const { rows, failed } = loaderData;
  const dialog = useEntityDialog<ContactContentRow>();
  const columns: DataTableColumn<ContactContentRow>[] = [
    { key: "type", header: "Type", cell: (r) => <Badge variant="outline">{r.contentType}</Badge> },
    { key: "title", header: "Title", cell: (r) => r.title ?? "—", className: "whitespace-normal" },
    { key: "phone", header: "Phone", cell: (r) => r.phone ?? "—", tableFrom: "4xl" },
    { key: "email", header: "Email", cell: (r) => r.email ?? "—", tableFrom: "4xl" },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (r) => (
        <RowActions
          itemLabel={labelOf(r)}
          onEdit={() => dialog.openFor(r)}
          deleteId={r.id}
          deleteProps={{ description: `This will permanently delete the "${labelOf(r)}" contact content.` }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Contact Content"
        description="The phone, e-mail, address, hours, social links and map shown on the site."
      >
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          Add Content
        </Button>
      </PageHeader>
      <FetchError failed={failed} message="Failed to fetch contact content" />
      <DataTable
        caption="Contact content"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        emptyText="No contact content yet. The site shows its default contact details."
      />
      <EntityDialog
        {...dialog.dialogProps}
        title={{ create: "Add Contact Content", edit: "Edit Contact Content" }}
        submitLabel={{ create: "Create", edit: "Update" }}
        schema={contactContentFormSchema}
        defaultValue={dialog.record ? toFormValues(dialog.record) : NEW_CONTENT}
        className="sm:max-w-2xl"
      >
        {(fields) => <ContactContentFields fields={fields} />}
      </EntityDialog>
    </>
  );
}
