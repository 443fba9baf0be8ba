// The customer's reference for an enquiry: TC-<year received, New Zealand time>-<number>.
import { nzYear } from "~/lib/nz-date";

export function formatReference(referenceNo: number, receivedAt: Date) {
  return `TC-${nzYear(receivedAt)}-${String(referenceNo).padStart(6, "0")}`;
}

/** TC-2026-000123 (any year, leading zeros optional) to 123; null for anything else. */
export function parseReference(text: string): number | null {
  const match = /^\s*TC-\d{4}-(\d{1,15})\s*$/i.exec(text);
  if (!match?.[1]) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
