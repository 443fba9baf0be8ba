// Certifications in the back office: the searched, paged table (status filter, each row's status
// and expiry, "checked against the register today") and its Add/Edit dialog, whose certificate
// file and image are uploaded as soon as they are chosen (or typed as URLs), with the
// certificate's details and the products it covers.
import { categoryColumn, titleColumn } from "~/components/admin/data-table/common-columns";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import type { PagedListData } from "~/components/admin/data-table/paged-list";
import { EntityList } from "~/components/admin/entity-list";
import { PickListField, type PickListOption } from "~/components/admin/pick-list-field";
import { SwitchField } from "~/components/admin/switch-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { Badge } from "~/components/ui/badge";
import { formatNzDate } from "~/lib/nz-date";
import type { CertificateStatus } from "~/lib/vocabulary";
import type { AdminCertification } from "~/modules/certifications/admin.server";
import { certificationFormSchema } from "~/modules/certifications/schema";
import { CertificateFields } from "./certificate-fields";
import { CertificateStatusBadge } from "./certificate-status-badge";
import { type CoverableProduct, CoveredProductsField } from "./covered-products-field";
import { RegisterCheckButton } from "./register-check-button";
import { StatusFilter } from "./status-filter";
import { UploadField } from "./upload-field";

// Downloads are allowed unless the admin turns them off (allow_download defaults to true).
const NEW_CERTIFICATION = {
  title: "",
  description: "",
  categoryId: "",
  fileUrl: "",
  fileType: "",
  imageUrl: "",
  allowDownload: "on",
  scheme: "",
  certificateNumber: "",
  holder: "",
  certificationBody: "",
  scope: "",
  issuedOn: "",
  expiresOn: "",
  registerUrl: "",
  registerCheckedOn: "",
  registerCheckedBy: "",
  standing: "",
  productIds: [] as string[],
};

function toFormValues(row: AdminCertification) {
  return {
    title: row.title,
    description: row.description ?? "",
    categoryId: row.categoryId ?? "",
    fileUrl: row.fileUrl,
    fileType: row.fileType,
    imageUrl: row.imageUrl ?? "",
    allowDownload: row.allowDownload ? "on" : "",
    scheme: row.scheme ?? "",
    certificateNumber: row.certificateNumber ?? "",
    holder: row.holder ?? "",
    certificationBody: row.certificationBody ?? "",
    scope: row.scope ?? "",
    issuedOn: row.issuedOn ?? "",
    expiresOn: row.expiresOn ?? "",
    registerUrl: row.registerUrl ?? "",
    registerCheckedOn: row.registerCheckedOn ?? "",
    registerCheckedBy: row.registerCheckedBy ?? "",
    // The empty choice of the standing list reads "Active".
    standing: row.standing === "active" ? "" : row.standing,
    productIds: row.productIds,
  } satisfies typeof NEW_CERTIFICATION;
}

const COLUMNS: DataTableColumn<AdminCertification>[] = [
  titleColumn(),
  categoryColumn(),
  { key: "fileType", header: "File Type", cell: (row) => <Badge variant="outline">{row.fileType}</Badge> },
  { key: "status", header: "Status", cell: (row) => <CertificateStatusBadge status={row.status} /> },
  {
    key: "expiresOn",
    header: "Expires",
    cell: (row) =>
      row.expiresOn ? (
        <span className="whitespace-nowrap">{formatNzDate(row.expiresOn)}</span>
      ) : (
        <span className="text-muted-foreground">No expiry</span>
      ),
  },
];

export function CertificationsList(props: {
  list: PagedListData<AdminCertification>;
  categories: readonly PickListOption[];
  products: readonly CoverableProduct[];
  status: CertificateStatus | null;
}) {
  return (
    <EntityList
      singular="Certification"
      noun="certifications"
      list={props.list}
      columns={COLUMNS}
      rowLabel={(row) => row.title}
      schema={certificationFormSchema}
      newValues={NEW_CERTIFICATION}
      toFormValues={toFormValues}
      failedMessage="Failed to fetch certifications"
      keep={{ status: props.status ?? undefined }}
      beforeTable={<StatusFilter status={props.status} q={props.list.q} />}
      emptyText={props.status ? "No certifications have this status." : undefined}
      rowActions={(row) => (row.scheme ? <RegisterCheckButton id={row.id} itemLabel={row.title} /> : null)}
    >
      {(fields, form) => (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField field={fields.title} label="Title" required className="sm:col-span-2" />
          <TextareaField field={fields.description} label="Description" rows={3} className="sm:col-span-2" />
          <PickListField
            field={fields.categoryId}
            label="Category"
            emptyLabel="No category"
            options={props.categories}
          />
          <TextField field={fields.fileType} label="File type" hint="For example PDF, JPG or PNG." required />
          <UploadField
            form={form}
            field={fields.fileUrl}
            kind="file"
            label="Certificate file"
            className="sm:col-span-2"
            onFileType={(fileType) => form.update({ name: fields.fileType.name, value: fileType })}
          />
          <UploadField
            form={form}
            field={fields.imageUrl}
            kind="image"
            label="Image"
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <SwitchField
              field={fields.allowDownload}
              label="Allow download"
              description="Shows a Download button on the public page"
            />
          </div>
          <CertificateFields fields={fields} />
          <CoveredProductsField
            field={fields.productIds}
            products={props.products}
            className="sm:col-span-2"
          />
        </div>
      )}
    </EntityList>
  );
}
