// An import's status and a job's time left, as the screens say them.
import type { ImportStatus } from "~/lib/vocabulary";

export const IMPORT_STATUS_LABELS = {
  mapping: "Columns to match",
  planning: "Checking the file",
  planned: "Ready to import",
  applying: "Importing",
  applied: "Imported",
  stopped: "Stopped at a problem",
  failed: "Failed",
  undoing: "Undoing",
  undone: "Undone",
  discarded: "Discarded",
} as const satisfies Record<ImportStatus, string>;

/** "about 3 minutes left", "less than a minute left". */
export function timeLeftInWords(seconds: number) {
  if (seconds < 60) return "less than a minute left";
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? "" : "s"} left`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? "" : "s"} left`;
}
