// What a planned row changes, field by field, in the words of the sheet's own columns: the
// preview's "before → after" and the history's.
import { columnFor } from "~/modules/catalog-sheet/columns";
import type { ImportProductState } from "~/server/db/schema/imports";

export type FieldChange = { field: string; before: string; after: string };

const NONE = "—";

function money(value: number | null) {
  return value === null ? NONE : value.toFixed(2);
}

function text(value: string | null | undefined) {
  return value === null || value === undefined || value === "" ? NONE : value;
}

function yesNo(value: boolean) {
  return value ? "Yes" : "No";
}

/** Each field of the product as people read it, under the sheet's header for it. */
function wordsOf(state: ImportProductState | null): Record<string, string> {
  if (!state) return {};
  const { fields, names } = state;
  return {
    [columnFor("sku").header]: text(fields.sku),
    [columnFor("name").header]: text(fields.name),
    [columnFor("shortDescription").header]: text(fields.shortDescription),
    [columnFor("description").header]: text(fields.description),
    [columnFor("price").header]: money(fields.price),
    [columnFor("originalPrice").header]: money(fields.originalPrice),
    [columnFor("discountPercentage").header]: String(fields.discountPercentage),
    [columnFor("category").header]: text(names.category),
    [columnFor("brand").header]: text(names.brand),
    [columnFor("unit").header]: text(fields.unit),
    [columnFor("stockQuantity").header]: String(fields.stockQuantity),
    [columnFor("stockStatus").header]: fields.stockStatus,
    [columnFor("isFeatured").header]: yesNo(fields.isFeatured),
    [columnFor("isPublished").header]: yesNo(fields.isPublished),
    [columnFor("buildingInformation").header]: text(names.buildingInfo),
    [columnFor("picture").header]: text(state.picture ?? fields.imageUrl),
  };
}

/** The fields that differ between before and after (a new product: every field it has). */
export function changesOf(
  before: ImportProductState | null,
  after: ImportProductState | null,
): FieldChange[] {
  const was = wordsOf(before);
  const now = wordsOf(after);
  return Object.keys(now).flatMap((field) => {
    const b = was[field] ?? NONE;
    const a = now[field] ?? NONE;
    if (b === a || (!before && a === NONE)) return [];
    return [{ field, before: b, after: a }];
  });
}

/** A row's problems as one cell of the report: "Price: Price is required; Category: …". */
export function problemsInWords(problems: readonly { column: string | null; message: string }[] | null) {
  return (problems ?? []).map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join("; ");
}
