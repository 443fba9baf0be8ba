// What one of a product is when it is sold: its unit of sale as staff set it, else read from what
// the catalogue says of it ("Corrugate Roofing (per m)", "Sold per 4.8 m length"). A product that
// says nothing is sold by the item.
//
//   unitOfSale({ name: "GIB Standard 10mm", unit: "sheet" })                    // "sheet"
//   unitOfSale({ name: "Corrugate Roofing 0.40 BMT (per m)" })                  // "m"
//   unitOfSale({ name: "H3.2 Pine", description: "Sold per 4.8 m length; …" })  // "4.8 m length"
//   unitOfSale({ name: "Claw Hammer" })                                         // "each"

const DEFAULT_UNIT = "each";
/** The longest unit a product or a quote line holds. */
export const UNIT_MAX = 20;

/** The units the product form offers; any other short text is allowed too. */
export const UNITS_OF_SALE = [
  "each",
  "metre",
  "m²",
  "m³",
  "sheet",
  "length",
  "pack",
  "box",
  "bag",
  "litre",
  "kg",
  "roll",
  "pair",
  "set",
] as const;

/** "(per m)" at the end of a name. */
const NAME_UNIT = /\(per ([^()]+)\)\s*$/i;
/** "Sold per 4.8 m length", up to the end of its clause (a full stop ends one, a decimal point does not). */
const DESCRIPTION_UNIT = /\bsold per ([^;,]+?)(?:[;,]|\.(?:\s|$)|$)/i;

function usable(unit: string | undefined) {
  const trimmed = unit?.replace(/\s+/g, " ").trim();
  return trimmed && trimmed.length <= UNIT_MAX ? trimmed : null;
}

export function unitOfSale(product: { name: string; description?: string | null; unit?: string | null }) {
  return (
    usable(product.unit ?? undefined) ??
    usable(NAME_UNIT.exec(product.name)?.[1]) ??
    usable(DESCRIPTION_UNIT.exec(product.description ?? "")?.[1]) ??
    DEFAULT_UNIT
  );
}
