import { DownloadIcon, UploadIcon } from "lucide-react";
import { Link } from "react-router";
import { CatalogSections } from "~/components/admin/catalog-sections";
import { CatalogConsentPack, packSelectColumn } from "~/components/admin/consent-pack/catalog-consent-pack";
import { usePackSelection } from "~/components/admin/consent-pack/selection";
import { HistoryLink } from "~/components/admin/data-table/history-link";
import { EntityList } from "~/components/admin/entity-list";
import { PageHeader } from "~/components/admin/page-header";
import { PRODUCT_COLUMNS } from "~/components/admin/product-columns";
import { ProductFormFields } from "~/components/admin/product-form-fields";
import { Button } from "~/components/ui/button";
import { parseListParams } from "~/lib/list-params";
import { listSheetOptions } from "~/modules/compliance/sheets.server";
import {
  type AdminProduct,
  getProductPickLists,
  LIST_COUNT_CAP,
  listAdminProducts,
  SEARCH_COUNT_CAP,
  type TotalKind,
} from "~/modules/products/admin.server";
import { readAdminProductFilter, toAdminProductSearch } from "~/modules/products/admin-filter";
import { saveProduct } from "~/modules/products/commands.server";
import { PRODUCT_FORM_DEFAULTS, productFormSchema, productIntentSchema } from "~/modules/products/schema";
import { isAdmin, requireStaff } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { loadPagedList, loadPickList } from "~/server/http/screens.server";
import { readOr } from "~/server/read-or.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/catalog";

export function meta() {
  return [{ title: "Catalog Management | Trade Counter Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const params = parseListParams(request);
  const { building = "" } = readAdminProductFilter(new URL(request.url));
  let totalKind = "exact" as TotalKind;
  const [list, pickLists, sheets] = await Promise.all([
    loadPagedList("products", params, async (page) => {
      const found = await listAdminProducts({ ...page, building });
      totalKind = found.totalKind;
      return found;
    }),
    readOr("the product pick-lists", getProductPickLists, { categories: [], brands: [] }),
    loadPickList("building information sheets", listSheetOptions),
  ]);
  // A total that is not exact says so (the component cannot import the caps).
  const totalNote =
    totalKind === "capped"
      ? `More than ${SEARCH_COUNT_CAP.toLocaleString("en-NZ")} products match; the newest ${SEARCH_COUNT_CAP.toLocaleString("en-NZ")} are listed. Add words to narrow the search.`
      : totalKind === "estimate"
        ? `About ${list.total.toLocaleString("en-NZ")} products: past ${LIST_COUNT_CAP.toLocaleString("en-NZ")} the total is estimated.`
        : null;
  // The audit log is the admins': sales see no History links.
  return { ...list, totalNote, pickLists, sheets, building, showHistory: isAdmin(user) };
}

const SAVED = { create: "Product created successfully", update: "Product updated successfully" } as const;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, { access: "staff", schema: productIntentSchema });
  if (!form.ok) return form.response;
  const { intent } = form.value;
  const failure = intent === "delete" ? "Failed to delete product" : "Failed to save product";
  const done = await form.run(saveProduct, form.value, failure);
  if (!done.ok) return done.response;
  const title = intent === "delete" ? "Product deleted successfully" : SAVED[intent];
  return redirectWithToast(backToList(args.request), { type: "success", title });
}

function toFormValues(product: AdminProduct) {
  return {
    name: product.name,
    sku: product.sku ?? "",
    unit: product.unit ?? "",
    shortDescription: product.shortDescription ?? "",
    description: product.description ?? "",
    price: String(product.price),
    originalPrice: product.originalPrice === null ? "" : String(product.originalPrice),
    discountPercentage: String(product.discountPercentage),
    stockQuantity: String(product.stockQuantity),
    categoryId: product.categoryId ?? "",
    brandId: product.brandId ?? "",
    buildingInfoId: product.buildingInfoId ?? "",
    stockStatus: product.stockStatus,
    isPublished: product.isPublished ? "on" : "",
    isFeatured: product.isFeatured ? "on" : "",
    imageUrl: product.imageUrl ?? "",
  } satisfies typeof PRODUCT_FORM_DEFAULTS;
}

/**
 * Download links for the list as shown (its search and filter), as CSV and as an Excel workbook;
 * and, for an admin, the import of a sheet.
 */
function ExportLinks({ q, building, admin }: { q: string; building: "missing" | ""; admin: boolean }) {
  const search = toAdminProductSearch({ q, building });
  const href = (format: string) => `/admin/catalog/export?format=${format}${search ? `&${search}` : ""}`;
  return (
    <>
      {admin ? (
        <Button asChild variant="outline">
          <Link to="/admin/catalog/import">
            <UploadIcon aria-hidden />
            Import
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <a href={href("csv")} download>
          <DownloadIcon aria-hidden />
          Export CSV
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={href("xlsx")} download>
          <DownloadIcon aria-hidden />
          Export XLSX
        </a>
      </Button>
    </>
  );
}

export default function CatalogManagement({ loaderData }: Route.ComponentProps) {
  const { pickLists, sheets, building, showHistory, totalNote, ...list } = loaderData;
  // Products ticked for a consent pack, kept while the list is paged and searched.
  const selection = usePackSelection(list.rows);
  return (
    <>
      <PageHeader
        title="Catalog Management"
        description="Products, their prices and stock. Prices are shown here only."
      />
      <CatalogSections current="products" admin={showHistory} />
      <EntityList
        singular="Product"
        noun="products"
        list={list}
        columns={[packSelectColumn<AdminProduct>(selection), ...PRODUCT_COLUMNS]}
        rowLabel={(p) => p.name}
        schema={productFormSchema}
        newValues={PRODUCT_FORM_DEFAULTS}
        toFormValues={toFormValues}
        failedMessage="Failed to fetch products"
        multipart
        keep={{ building: building || undefined }}
        actions={<ExportLinks q={list.q} building={building} admin={showHistory} />}
        beforeTable={
          <>
            <CatalogConsentPack selection={selection} />
            {building ? (
              <p className="text-sm">
                Showing published products missing building information.{" "}
                <Link
                  to={list.q ? `?q=${encodeURIComponent(list.q)}` : "?"}
                  className="underline underline-offset-4"
                >
                  Show all products
                </Link>
              </p>
            ) : null}
            {totalNote ? <p className="text-sm">{totalNote}</p> : null}
          </>
        }
        dialog={{
          description: { create: "Add a product to the catalogue.", edit: "Change this product's details." },
        }}
        rowActions={(p) =>
          showHistory ? <HistoryLink entity="product" id={p.id} itemLabel={p.name} /> : null
        }
      >
        {(fields, _form, record) => (
          <ProductFormFields
            fields={fields}
            categories={pickLists.categories}
            brands={pickLists.brands}
            sheets={sheets}
            buildingInfo={record ? { sheetId: record.buildingInfoId, state: record.buildingInfo } : null}
          />
        )}
      </EntityList>
    </>
  );
}
