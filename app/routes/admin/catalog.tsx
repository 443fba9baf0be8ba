import { PlusIcon } from "lucide-react";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { PagedList } from "~/components/admin/data-table/paged-list";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { EntityDialog } from "~/components/admin/entity-dialog";
import { PageHeader } from "~/components/admin/page-header";
import { ProductFormFields } from "~/components/admin/product-form-fields";
import { StatusBadge } from "~/components/admin/status-badge";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { Button } from "~/components/ui/button";
import { actionFailure, backToList, isFormBody, parseIntent, unreadableForm } from "~/modules/admin/intents";
import { parseListParams } from "~/modules/admin/list-params";
import {
  type AdminProduct,
  createProduct,
  deleteProduct,
  getProductPickLists,
  listAdminProducts,
  updateProduct,
} from "~/modules/products/admin.server";
import { PRODUCT_FORM_DEFAULTS, productFormSchema, productIntentSchema } from "~/modules/products/schema";
import { requireStaff } from "~/server/auth/guards.server";
import { readImageForm } from "~/server/http/image-upload.server";
import { InputError, SERVER_FAILURE_MESSAGE } from "~/server/http/input-error";
import { oncePerSubmission } from "~/server/http/once-per-submission.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/catalog";

export function meta() {
  return [{ title: "Catalog Management | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = parseListParams(request);
  const pickLists = await getProductPickLists().catch((error) => {
    logger.error({ err: error }, "Failed to load the product pick-lists");
    return { categories: [], brands: [] };
  });
  try {
    return { ...(await listAdminProducts(params)), q: params.q, pickLists, failed: false };
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch products");
    return { rows: [], total: 0, page: 1, pageCount: 1, q: params.q, pickLists, failed: true };
  }
}

const SAVED = { create: "Product created successfully", update: "Product updated successfully" } as const;

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request);
  if (!isFormBody(request)) return unreadableForm();
  const form = await readImageForm(request, { bucket: "media" });
  if (!form.ok) {
    const parsed = parseIntent(form.formData, productIntentSchema);
    const description = form.error.description ?? form.error.title;
    return actionFailure(parsed.submission, form.error, { fieldErrors: { imageUrl: [description] } });
  }
  const parsed = parseIntent(form.formData, productIntentSchema);
  if (!parsed.ok) {
    await form.upload?.discard();
    return parsed.response;
  }
  const value = parsed.value;
  try {
    if (value.intent === "delete") {
      await deleteProduct(value.id);
      return redirectWithToast(backToList(request), {
        type: "success",
        title: "Product deleted successfully",
      });
    }
    if (value.intent === "create") {
      // A repeat of this submission writes nothing and keeps no second image.
      const outcome = await oncePerSubmission(form.formData, () => createProduct(value));
      if (outcome === "repeat") await form.upload?.discard();
    } else await updateProduct(value.id, value);
    return redirectWithToast(backToList(request), { type: "success", title: SAVED[value.intent] });
  } catch (error) {
    await form.upload?.discard();
    const title = value.intent === "delete" ? "Failed to delete product" : "Failed to save product";
    if (error instanceof InputError)
      return actionFailure(parsed.submission, { title, description: error.message });
    logger.error({ err: error, intent: value.intent }, title);
    return actionFailure(parsed.submission, { title, description: SERVER_FAILURE_MESSAGE }, { status: 500 });
  }
}

const nzd = new Intl.NumberFormat("en-NZ", { style: "currency", currency: "NZD" });

function toFormValues(product: AdminProduct) {
  return {
    name: product.name,
    shortDescription: product.shortDescription ?? "",
    description: product.description ?? "",
    price: String(product.price),
    originalPrice: product.originalPrice === null ? "" : String(product.originalPrice),
    discountPercentage: String(product.discountPercentage),
    stockQuantity: String(product.stockQuantity),
    categoryId: product.categoryId ?? "",
    brandId: product.brandId ?? "",
    stockStatus: product.stockStatus,
    isPublished: product.isPublished ? "on" : "",
    isFeatured: product.isFeatured ? "on" : "",
    imageUrl: product.imageUrl ?? "",
  } satisfies typeof PRODUCT_FORM_DEFAULTS;
}

export default function CatalogManagement({ loaderData }: Route.ComponentProps) {
  const { pickLists, ...list } = loaderData;
  const dialog = useEntityDialog<AdminProduct>();

  const columns: DataTableColumn<AdminProduct>[] = [
    {
      key: "image",
      header: "Image",
      cell: (p) =>
        p.imageUrl ? (
          <img src={p.imageUrl} alt="" loading="lazy" className="size-10 rounded-md border object-cover" />
        ) : (
          <span className="block size-10 rounded-md border bg-muted" />
        ),
    },
    {
      key: "name",
      header: "Name",
      cell: (p) => <span className="font-medium">{p.name}</span>,
      className: "whitespace-normal",
    },
    { key: "category", header: "Category", cell: (p) => p.categoryName ?? "—" },
    { key: "price", header: "Price", cell: (p) => nzd.format(p.price), className: "text-right tabular-nums" },
    {
      key: "stock",
      header: "Stock",
      cell: (p) => (
        <span className="grid">
          <span className="tabular-nums">{p.stockQuantity}</span>
          <span className="text-muted-foreground text-xs">{p.stockStatus}</span>
        </span>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (p) => <StatusBadge active={p.isPublished} labels={["Published", "Draft"]} />,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (p) => <RowActions itemLabel={p.name} onEdit={() => dialog.openFor(p)} deleteId={p.id} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Catalog Management"
        description="Products, their prices and stock. Prices are shown here only."
      />
      <PagedList
        noun="products"
        list={list}
        columns={columns}
        getRowKey={(p) => p.id}
        emptyText="No products yet. Add your first product to get started."
        failedMessage="Failed to fetch products"
      >
        <Button type="button" onClick={() => dialog.openFor(null)}>
          <PlusIcon aria-hidden />
          Add Product
        </Button>
      </PagedList>
      <EntityDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        recordId={dialog.record?.id}
        title={{ create: "Add Product", edit: "Edit Product" }}
        description={{ create: "Add a product to the catalogue.", edit: "Change this product's details." }}
        submitLabel={{ create: "Create Product", edit: "Update Product" }}
        schema={productFormSchema}
        defaultValue={dialog.record ? toFormValues(dialog.record) : PRODUCT_FORM_DEFAULTS}
        multipart
        className="sm:max-w-2xl"
      >
        {(fields) => (
          <ProductFormFields fields={fields} categories={pickLists.categories} brands={pickLists.brands} />
        )}
      </EntityDialog>
    </>
  );
}
