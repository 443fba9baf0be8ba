// The audit log's table: when, who (and from which IP address), what was done to which record,
// and what changed, every part of it at every width.
import { Link } from "react-router";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { formatNzDateTime } from "~/lib/nz-date";
import type { AuditAction, AuditEntity } from "~/lib/vocabulary";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "~/modules/audit/filters";

/** An event as the screen gets it (dates arrive as dates or their text). */
export type AuditRow = {
  id: string;
  occurredAt: Date | string;
  actorName: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: AuditAction;
  entityType: AuditEntity;
  entityId: string | null;
  summary: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  ipAddress: string | null;
};

/** Records that have a history of their own worth opening from a row. */
const HISTORY_OF = new Set<AuditEntity>(["product", "user", "enquiry"]);

function shown(value: unknown) {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function Changes({ changes }: { changes: AuditRow["changes"] }) {
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return <span className="text-muted-foreground">—</span>;
  const list = (
    <ul className="grid gap-0.5 text-xs">
      {entries.map(([field, { before, after }]) => (
        <li key={field}>
          <span className="font-medium">{field}</span>: {shown(before)} → {shown(after)}
        </li>
      ))}
    </ul>
  );
  if (entries.length <= 3) return list;
  return (
    <details>
      <summary className="cursor-pointer text-xs">{entries.length} fields</summary>
      {list}
    </details>
  );
}

export const AUDIT_COLUMNS: DataTableColumn<AuditRow>[] = [
  {
    key: "time",
    header: "Time",
    cell: (row) => (
      <time dateTime={new Date(row.occurredAt).toISOString()}>{formatNzDateTime(row.occurredAt)}</time>
    ),
  },
  {
    key: "actor",
    header: "Actor",
    // A name keeps its words whole; an e-mail address or an IPv6 address breaks where it must.
    cell: (row) => (
      <span className="grid">
        <span>
          {row.actorName ?? <span className="wrap-anywhere">{row.actorEmail ?? "—"}</span>}
          {row.actorRole ? <span className="text-muted-foreground"> ({row.actorRole})</span> : null}
        </span>
        {row.ipAddress ? (
          <span className="wrap-anywhere text-muted-foreground text-xs">IP address {row.ipAddress}</span>
        ) : null}
      </span>
    ),
  },
  { key: "action", header: "Action", cell: (row) => AUDIT_ACTION_LABELS[row.action] ?? row.action },
  {
    key: "record",
    header: "Record",
    cell: (row) =>
      row.entityId && HISTORY_OF.has(row.entityType) ? (
        <Link
          to={`/admin/audit?entity=${row.entityType}&entityId=${encodeURIComponent(row.entityId)}`}
          className="underline underline-offset-2"
          aria-label={`History of this ${AUDIT_ENTITY_LABELS[row.entityType].toLowerCase()}`}
        >
          {AUDIT_ENTITY_LABELS[row.entityType]}
        </Link>
      ) : (
        (AUDIT_ENTITY_LABELS[row.entityType] ?? row.entityType)
      ),
  },
  { key: "summary", header: "Summary", breakAnywhere: true, cell: (row) => row.summary },
  // What changed is why the log is read: a column at every width, never left to wider screens.
  {
    key: "changes",
    header: "Changes",
    breakAnywhere: true,
    cell: (row) => <Changes changes={row.changes} />,
  },
];
