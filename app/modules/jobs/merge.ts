// The rules of a job's product list, without the database: adding a product adds to its quantity
// (capped at the largest quantity) or appends it while the list has room, and a quote list saved
// into a job is merged by the same rule, product by product, all or nothing.
import { JOB_MAX_LINES, JOB_MAX_QUANTITY } from "./limits";

export type JobLine = { productId: string; quantity: number; note: string | null };
export type ListEntry = { productId: string; quantity: number };

export type ListChange =
  | {
      ok: true;
      lines: JobLine[];
      /** Products appended to the list. */
      added: number;
      /** Products already on the list whose quantity grew. */
      merged: number;
      /** Products whose added quantity went past the largest and was capped. */
      capped: number;
    }
  | { ok: false; reason: "full"; room: number }
  | { ok: false; reason: "quantity" };

export function isJobQuantity(value: number) {
  return Number.isInteger(value) && value >= 1 && value <= JOB_MAX_QUANTITY;
}

/**
 * The quote list's entries merged into a job's lines: a product already on the job gets the two
 * quantities added (capped at 9999) and keeps its place and note; a new product is appended, in
 * the quote list's order. Refused whole when the new products would not fit.
 */
export function mergeIntoJob(
  lines: readonly JobLine[],
  entries: readonly ListEntry[],
  maxLines = JOB_MAX_LINES,
): ListChange {
  const merged = lines.map((line) => ({ ...line }));
  const byProduct = new Map(merged.map((line) => [line.productId, line]));
  let added = 0;
  let grown = 0;
  let capped = 0;
  for (const entry of entries) {
    if (!isJobQuantity(entry.quantity)) continue;
    const known = byProduct.get(entry.productId);
    if (known) {
      const sum = known.quantity + entry.quantity;
      if (sum > JOB_MAX_QUANTITY) capped += 1;
      known.quantity = Math.min(sum, JOB_MAX_QUANTITY);
      grown += 1;
      continue;
    }
    const line = { productId: entry.productId, quantity: entry.quantity, note: null };
    merged.push(line);
    byProduct.set(line.productId, line);
    added += 1;
  }
  if (merged.length > maxLines)
    return { ok: false, reason: "full", room: Math.max(0, maxLines - lines.length) };
  return { ok: true, lines: merged, added, merged: grown, capped };
}

/** One product added to a job's list (from the catalogue): the same rule as a merge of one. */
export function addToJobList(lines: readonly JobLine[], productId: string, quantity: number): ListChange {
  if (!isJobQuantity(quantity)) return { ok: false, reason: "quantity" };
  return mergeIntoJob(lines, [{ productId, quantity }]);
}
