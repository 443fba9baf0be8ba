// An enquiry's history, newest first: when it came in, every status and owner change and every
// internal note, each with who did it and when (New Zealand time).
//
//   <EnquiryTimeline entries={enquiry.timeline} />
import {
  ArrowRightLeftIcon,
  FileXIcon,
  InboxIcon,
  type LucideIcon,
  ReceiptTextIcon,
  StickyNoteIcon,
  UserRoundIcon,
} from "lucide-react";
import { formatNzDateTime } from "~/lib/nz-date";
import type { QuoteEventKind } from "~/lib/vocabulary";
import type { TimelineEntry } from "~/modules/enquiries/follow-up.schema";
import { QUOTE_EVENT_LABELS } from "~/modules/quotes/labels";

const ICON: Record<TimelineEntry["kind"], LucideIcon> = {
  received: InboxIcon,
  status: ArrowRightLeftIcon,
  owner: UserRoundIcon,
  note: StickyNoteIcon,
  attachment_deleted: FileXIcon,
  quote: ReceiptTextIcon,
};

function summarise(entry: TimelineEntry) {
  switch (entry.kind) {
    case "received":
      return entry.toValue === "Spam" ? "Received and stored as spam" : "Received";
    case "status":
      return `Status changed from ${entry.fromValue ?? "—"} to ${entry.toValue ?? "—"}`;
    case "owner":
      return `Owner changed from ${entry.fromValue ?? "Unassigned"} to ${entry.toValue ?? "Unassigned"}`;
    case "note":
      return "Note added";
    case "attachment_deleted":
      return "Attachment deleted under the retention setting";
    case "quote":
      return `Quote ${entry.fromValue ?? ""}: ${QUOTE_EVENT_LABELS[entry.toValue as QuoteEventKind] ?? entry.toValue}`;
  }
}

export function EnquiryTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-muted-foreground text-sm">No history yet.</p>;
  return (
    <ol className="grid gap-4" aria-label="History, newest first">
      {entries.map((entry) => {
        const Icon = ICON[entry.kind] ?? InboxIcon;
        return (
          <li key={entry.id} className="flex gap-3">
            <span
              aria-hidden
              className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full border bg-muted"
            >
              <Icon className="size-3.5" />
            </span>
            <div className="grid min-w-0 gap-1">
              <p className="wrap-anywhere font-medium text-sm">{summarise(entry)}</p>
              <p className="text-muted-foreground text-xs">
                {entry.actorName ?? (entry.kind === "received" ? "The website" : "Automatic")} ·{" "}
                <time dateTime={new Date(entry.createdAt).toISOString()}>
                  {formatNzDateTime(entry.createdAt)}
                </time>
              </p>
              {entry.note ? (
                <p className="whitespace-pre-line wrap-anywhere rounded-md border bg-muted/40 p-3 text-sm">
                  {entry.note}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
