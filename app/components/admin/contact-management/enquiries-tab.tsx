// Contact Management > Contact Queries: the paged list of enquiries, searched by name, e-mail,
// subject or reference and filtered by status and owner, with checkbox selection for Export
// Selected and the bulk status change, Export All CSV, per-row export, the attached file's
// download, delete, and each row's link to its detail view. The exports are plain downloads from
// /admin/contact-management/export, so they work without JavaScript; the checkboxes belong to the
// selection form, whose buttons post either to the export or to this screen's action.
import { DownloadIcon, FileDownIcon, PaperclipIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { DataTableColumn } from "~/components/admin/data-table/data-table";
import { PagedList, type PagedListData } from "~/components/admin/data-table/paged-list";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { Button } from "~/components/ui/button";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { toast } from "~/components/ui/toast";
import { formatNzDateTime } from "~/lib/nz-date";
import type { EnquiryFilters as Filters } from "~/modules/enquiries/follow-up.schema";
import type { EnquiryView } from "~/modules/enquiries/view";
import { BulkStatusBar } from "./bulk-status-bar";
import { downloadFile } from "./download-file";
import { EnquiryFilters, type StaffOption } from "./enquiry-filters";
import { EnquiryStatusBadge } from "./enquiry-status-badge";

const EXPORT_URL = "/admin/contact-management/export";
const SELECTION_FORM = "selected-queries";

function enquiryHref(id: string) {
  return `/admin/contact-management/${id}`;
}

function exportOneHref(id: string) {
  return `${EXPORT_URL}?ids=${encodeURIComponent(id)}`;
}

export function EnquiriesTab({
  list,
  filters,
  staff,
  admin,
}: {
  list: PagedListData<EnquiryView>;
  filters: Filters;
  staff: StaffOption[];
  /** Admins also export and delete; sales who may quote follow the queries up only. */
  admin: boolean;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only rows on this page can be chosen; a selection from another page is dropped.
  const chosen = list.rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const allChosen = list.rows.length > 0 && chosen.length === list.rows.length;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const allColumns: DataTableColumn<EnquiryView>[] = [
    {
      key: "select",
      header: (
        <NativeCheckbox
          aria-label="Select all queries on this page"
          checked={allChosen}
          disabled={list.rows.length === 0}
          onChange={(event) =>
            setSelected(event.currentTarget.checked ? new Set(list.rows.map((r) => r.id)) : new Set())
          }
        />
      ),
      cell: (r) => (
        <NativeCheckbox
          name="ids"
          value={r.id}
          form={SELECTION_FORM}
          aria-label={`Select the query from ${r.fullName}`}
          checked={selected.has(r.id)}
          onChange={(event) => toggle(r.id, event.currentTarget.checked)}
        />
      ),
      className: "w-10",
      headerOnCards: true,
    },
    {
      key: "reference",
      header: "Reference",
      cell: (r) => (
        <Link
          to={enquiryHref(r.id)}
          className="font-medium font-mono text-primary underline-offset-4 hover:underline"
        >
          {r.reference}
          <span className="sr-only"> from {r.fullName}</span>
        </Link>
      ),
    },
    {
      key: "from",
      header: "From",
      cell: (r) => (
        <span className="grid">
          <span className="font-medium">{r.fullName}</span>
          <a
            href={`mailto:${r.email}`}
            className="text-muted-foreground text-xs underline-offset-4 hover:underline"
          >
            {r.email}
          </a>
          {r.phone ? <span className="text-muted-foreground text-xs">{r.phone}</span> : null}
        </span>
      ),
      className: "whitespace-normal",
      // The sender typed both: either may be one long token.
      breakAnywhere: true,
    },
    { key: "subject", header: "Subject", cell: (r) => r.subject, className: "whitespace-normal" },
    { key: "status", header: "Status", cell: (r) => <EnquiryStatusBadge status={r.status} /> },
    {
      key: "owner",
      header: "Owner",
      cell: (r) => r.ownerName ?? <span className="text-muted-foreground">Unassigned</span>,
      tableFrom: "5xl",
    },
    {
      key: "message",
      header: "Message",
      cell: (r) => <MessageCell message={r.message} />,
      className: "min-w-56 max-w-md",
      tableFrom: "7xl",
    },
    {
      key: "file",
      header: "File",
      cell: (r) =>
        r.fileHref ? (
          <Button asChild variant="outline" size="sm">
            <a href={r.fileHref} download onClick={(event) => downloadFile(event, r.fileHref as string)}>
              <PaperclipIcon aria-hidden />
              <span>
                Download<span className="sr-only"> the file from {r.fullName}</span>
              </span>
            </a>
          </Button>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      key: "date",
      header: "Received",
      cell: (r) => <time dateTime={r.createdAt.toISOString()}>{formatNzDateTime(r.createdAt)}</time>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: (r) => (
        <RowActions
          itemLabel={`the query from ${r.fullName}`}
          deleteId={r.id}
          deleteProps={{
            intent: "delete-query",
            title: "Delete this query?",
            description: `This will permanently delete the query from ${r.fullName}${r.fileHref ? " and its attached file" : ""}. This action cannot be undone.`,
          }}
        >
          <Button asChild variant="ghost" size="icon">
            <a
              href={exportOneHref(r.id)}
              download
              aria-label={`Export the query from ${r.fullName} as CSV`}
              title="Export CSV"
            >
              <FileDownIcon aria-hidden />
            </a>
          </Button>
        </RowActions>
      ),
    },
  ];

  const columns = admin ? allColumns : allColumns.filter((column) => column.key !== "actions");

  // One column that may shrink below the table's width: the table scrolls in its own box on a
  // narrow screen instead of widening the page.
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      {/* The selection form: the row checkboxes and the bulk bar join it by their form attribute. */}
      <form id={SELECTION_FORM} method="post" action={EXPORT_URL} hidden />
      <PagedList
        noun="queries"
        list={list}
        keep={{ tab: "queries", status: filters.status, owner: filters.owner }}
        columns={columns}
        getRowKey={(r) => r.id}
        emptyText={
          filters.status || filters.owner ? "No queries match these filters." : "No contact queries yet."
        }
        failedMessage="Error fetching contact queries"
        beforeTable={
          <>
            <EnquiryFilters filters={filters} q={list.q} staff={staff} />
            <BulkStatusBar
              formId={SELECTION_FORM}
              chosen={chosen.length}
              onDone={() => setSelected(new Set())}
            />
          </>
        }
      >
        {admin ? <ExportButtons chosen={chosen.length} /> : null}
      </PagedList>
    </div>
  );
}

/** Export Selected (the selection form's own submit) and Export All: plain downloads. */
function ExportButtons({ chosen }: { chosen: number }) {
  return (
    <>
      <Button
        type="submit"
        form={SELECTION_FORM}
        variant="outline"
        onClick={(event) => {
          if (chosen > 0) return;
          event.preventDefault();
          toast.error("No queries selected", {
            description: "Please select at least one query to export.",
          });
        }}
      >
        <DownloadIcon aria-hidden />
        Export Selected{chosen > 0 ? ` (${chosen})` : ""}
      </Button>
      <Button asChild>
        <a href={EXPORT_URL} download>
          <DownloadIcon aria-hidden />
          Export All CSV
        </a>
      </Button>
    </>
  );
}

// Long messages are clamped to three lines, with the whole text one click away.
function MessageCell({ message }: { message: string }) {
  return (
    <div className="grid gap-1">
      <p className="line-clamp-3 whitespace-pre-line">{message}</p>
      {message.length > 140 ? (
        <details>
          <summary className="cursor-pointer text-primary text-xs underline-offset-4 hover:underline">
            Read the full message
          </summary>
          <p className="mt-1 whitespace-pre-line">{message}</p>
        </details>
      ) : null}
    </div>
  );
}
