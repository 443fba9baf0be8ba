// The dry run's preview: how many rows the import would create, update, leave unchanged and
// refuse; the first changed rows, field by field before → after; every refused row with its row
// number, column and reason (up to a cap, with how many more the report holds); and the names,
// columns and matches worth a second look.

/** A refused row's problem: the column and the reason. */
type ImportProblem = { column: string | null; message: string };

export type PreviewView = {
  counts: { create: number; update: number; unchanged: number; refused: number };
  changed: {
    rowNumber: number;
    action: "create" | "update";
    matchedBy: "sku" | "name" | null;
    name: string;
    changes: { field: string; before: string; after: string }[];
  }[];
  refused: { rowNumber: number; problems: ImportProblem[] }[];
  refusedBeyond: number;
  matchedByName: number;
  unmapped: string[];
  unknownCategories: string[];
  unknownBrands: string[];
  createMissing: boolean;
};

const n = (value: number) => value.toLocaleString("en-NZ");

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="font-semibold text-2xl tabular-nums">{n(value)}</dd>
    </div>
  );
}

function Notes({ preview }: { preview: PreviewView }) {
  const notes: string[] = [];
  if (preview.matchedByName > 0)
    notes.push(
      `${n(preview.matchedByName)} ${preview.matchedByName === 1 ? "row was" : "rows were"} matched to a product by its exact name, not by stock code.`,
    );
  if (preview.unknownCategories.length > 0)
    notes.push(
      `Categories the catalogue does not have${preview.createMissing ? " (they will be created)" : ""}: ${preview.unknownCategories.join(", ")}.`,
    );
  if (preview.unknownBrands.length > 0)
    notes.push(
      `Brands the catalogue does not have${preview.createMissing ? " (they will be created)" : ""}: ${preview.unknownBrands.join(", ")}.`,
    );
  if (preview.unmapped.length > 0) notes.push(`Columns not imported: ${preview.unmapped.join(", ")}.`);
  if (notes.length === 0) return null;
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

export function ImportPreview({ preview }: { preview: PreviewView }) {
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label="To create" value={preview.counts.create} />
        <Count label="To update" value={preview.counts.update} />
        <Count label="Unchanged" value={preview.counts.unchanged} />
        <Count label="Refused" value={preview.counts.refused} />
      </dl>
      <Notes preview={preview} />

      <section className="grid gap-2" aria-labelledby="changes-heading">
        <h2 id="changes-heading" className="font-semibold text-lg">
          Changes
          {preview.changed.length < preview.counts.create + preview.counts.update
            ? ` (the first ${n(preview.changed.length)})`
            : ""}
        </h2>
        {preview.changed.length === 0 ? (
          <p className="text-sm">No product would change.</p>
        ) : (
          <ol className="grid gap-3">
            {preview.changed.map((row) => (
              <li key={row.rowNumber} className="grid gap-1 rounded-lg border p-3 text-sm">
                <p className="wrap-anywhere">
                  <span className="font-medium">Row {row.rowNumber}</span>:{" "}
                  {row.action === "create" ? "new product" : "update"} <strong>{row.name}</strong>
                  {row.matchedBy === "name" ? " (matched by name)" : ""}
                </p>
                <ul className="grid gap-0.5">
                  {row.changes.map((change) => (
                    <li key={change.field} className="wrap-anywhere">
                      <span className="text-muted-foreground">{change.field}:</span>{" "}
                      {row.action === "create" ? change.after : `${change.before} → ${change.after}`}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="grid gap-2" aria-labelledby="refused-heading">
        <h2 id="refused-heading" className="font-semibold text-lg">
          Refused rows
        </h2>
        {preview.refused.length === 0 ? (
          <p className="text-sm">None.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {preview.refused.map((row) => (
              <li key={row.rowNumber} className="wrap-anywhere">
                <span className="font-medium">Row {row.rowNumber}</span>:{" "}
                {row.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join(" ")}
              </li>
            ))}
          </ul>
        )}
        {preview.refusedBeyond > 0 ? (
          <p className="text-sm">And {n(preview.refusedBeyond)} more: the report lists every one.</p>
        ) : null}
      </section>
    </div>
  );
}
