// What one of a product is when it is sold, read from what the catalogue says: a product has no
// unit field, but its name or description says how it is sold ("Corrugate Roofing (per m)",
// "Sold per 4.8 m length"). A product that says nothing is sold by the item.
//
//   unitOfSale({ name: "Corrugate Roofing 0.40 BMT (per m)" })                  // "m"
//   unitOfSale({ name: "H3.2 Pine", description: "Sold per 4.8 m length; …" })  // "4.8 m length"
//   unitOfSale({ name: "Claw Hammer" })                                         // "each"

const DEFAULT_UNIT = "each";
/** The longest unit a quote line holds. */
const UNIT_MAX = 20;

/** "(per m)" at the end of a name. */
const NAME_UNIT = /\(per ([^()]+)\)\s*$/i;
/** "Sold per 4.8 m length", up to the end of its clause (a full stop ends one, a decimal point does not). */
const DESCRIPTION_UNIT = /\bsold per ([^;,]+?)(?:[;,]|\.(?:\s|$)|$)/i;

function usable(unit: string | undefined) {
  const trimmed = unit?.replace(/\s+/g, " ").trim();
  return trimmed && trimmed.length <= UNIT_MAX ? trimmed : null;
}

export function unitOfSale(product: { name: string; description?: string | null }) {
  return (
    usable(NAME_UNIT.exec(product.name)?.[1]) ??
    usable(DESCRIPTION_UNIT.exec(product.description ?? "")?.[1]) ??
    DEFAULT_UNIT
  );
}
