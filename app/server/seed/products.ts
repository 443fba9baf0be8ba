// The whole demo range, in the order it is inserted.
import { CLADDING, INSULATION, ROOFING, TIMBER } from "./products-building";
import { FIXINGS, HARDWARE, PAINT, TOOLS } from "./products-trade";
import type { ProductSeed } from "./taxonomy";

/** Products in category order; interleaved so the newest-first lists mix categories. */
export const DEMO_PRODUCTS: ProductSeed[] = interleave([
  TIMBER,
  ROOFING,
  TOOLS,
  HARDWARE,
  CLADDING,
  INSULATION,
  FIXINGS,
  PAINT,
]);

function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}
