// Settings > Brands Management: logo, name, description and how many products use each brand.
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import type { PagedListData } from "~/components/admin/data-table/paged-list";
import { ImageField } from "~/components/admin/image-field";
import { SwitchField } from "~/components/admin/switch-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { brandFormSchema } from "~/modules/taxonomy/schema";
import { TaxonomyList } from "./taxonomy-list";

type BrandListRow = {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  isActive: boolean;
  productCount: number;
};

const NEW_BRAND = { name: "", description: "", logoUrl: "", isActive: "on" };

function toFormValues(brand: BrandListRow) {
  return {
    name: brand.name,
    description: brand.description ?? "",
    logoUrl: brand.logoUrl ?? "",
    isActive: brand.isActive ? "on" : "",
  } satisfies typeof NEW_BRAND;
}

const columns: DataTableColumn<BrandListRow>[] = [
  {
    key: "logo",
    header: "Logo",
    cell: (b) =>
      b.logoUrl ? (
        <img
          src={b.logoUrl}
          alt=""
          loading="lazy"
          className="size-10 rounded-md border bg-white object-contain"
        />
      ) : (
        <span className="block size-10 rounded-md border bg-muted" />
      ),
  },
  {
    key: "name",
    header: "Name",
    cell: (b) => <span className="font-medium">{b.name}</span>,
    className: "whitespace-normal",
  },
  {
    key: "description",
    header: "Description",
    cell: (b) => <span className="line-clamp-2">{b.description ?? "—"}</span>,
    className: "max-w-sm",
    tableFrom: "4xl",
  },
  { key: "products", header: "Products", cell: (b) => b.productCount, className: "text-right tabular-nums" },
];

export function BrandsTab({ list }: { list: PagedListData<BrandListRow> }) {
  return (
    <section aria-labelledby="brands-heading" className="grid gap-4">
      <h2 id="brands-heading" className="font-semibold text-lg">
        Brands Management
      </h2>
      <TaxonomyList
        kind="brand"
        list={list}
        columns={columns}
        usage={(b) => ({ products: b.productCount, caseStudies: 0, certifications: 0 })}
        keep={{ tab: "brands" }}
        schema={brandFormSchema}
        newValues={NEW_BRAND}
        toFormValues={toFormValues}
        multipart
      >
        {(fields, editing) => (
          <>
            <TextField field={fields.name} label="Name" required />
            <TextareaField field={fields.description} label="Description" rows={3} />
            <ImageField field={fields.logoUrl} fileName="logoFile" label="Logo" />
            {editing ? (
              <SwitchField
                field={fields.isActive}
                label="Active"
                description="Shown in the catalogue's brand filter"
              />
            ) : null}
          </>
        )}
      </TaxonomyList>
    </section>
  );
}
