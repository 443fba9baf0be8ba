// What an import did (applied, stopped at its first problem, failed, undone), and its undo: the
// products changed since the import are listed first, and the undo of the others is confirmed.
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

export type OutcomeView = {
  status: "applied" | "stopped" | "failed" | "undone" | "undoing" | "applying";
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  refusedOnApply: number;
  undone: number;
  undoConflicts: number;
  failure: string | null;
};

export type ConflictsView = {
  total: number;
  rows: { rowNumber: number; name: string; gone: boolean }[];
};

const n = (value: number) => value.toLocaleString("en-NZ");

export function ImportOutcome({ outcome }: { outcome: OutcomeView }) {
  const lines = [
    `${n(outcome.created)} products created, ${n(outcome.updated)} updated, ${n(outcome.unchanged)} unchanged.`,
    outcome.refused + outcome.refusedOnApply > 0
      ? `${n(outcome.refused + outcome.refusedOnApply)} rows refused (${n(outcome.refusedOnApply)} of them when the import was applied): the report says why.`
      : null,
    outcome.status === "undone"
      ? `Undone: ${n(outcome.undone)} products put back as they were${outcome.undoConflicts > 0 ? `, ${n(outcome.undoConflicts)} left as they had been changed since` : ""}.`
      : null,
  ].filter(Boolean);
  return (
    <section className="grid gap-2" aria-labelledby="outcome-heading">
      <h2 id="outcome-heading" className="font-semibold text-lg">
        What the import did
      </h2>
      {outcome.failure ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm">
          {outcome.failure}
        </p>
      ) : null}
      {lines.map((line) => (
        <p key={line} className="text-sm">
          {line}
        </p>
      ))}
    </section>
  );
}

export function UndoImport({ conflicts }: { conflicts: ConflictsView | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (!conflicts)
    return (
      <Button asChild variant="outline" className="justify-self-start">
        <Link to="?undo=confirm">Undo this import</Link>
      </Button>
    );
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-labelledby="undo-heading">
      <h2 id="undo-heading" className="font-semibold text-lg">
        Undo this import
      </h2>
      <p className="text-sm">
        Each product the import created is deleted, and each it changed is put back as it was before.
      </p>
      {conflicts.total > 0 ? (
        <>
          <p className="text-sm">
            {n(conflicts.total)} {conflicts.total === 1 ? "product was" : "products were"} changed after the
            import and will be left as {conflicts.total === 1 ? "it is" : "they are"}:
          </p>
          <ul className="grid list-disc gap-0.5 pl-5 text-sm">
            {conflicts.rows.map((row) => (
              <li key={row.rowNumber} className="wrap-anywhere">
                Row {row.rowNumber}: {row.name}
                {row.gone ? " (deleted since)" : ""}
              </li>
            ))}
          </ul>
          {conflicts.total > conflicts.rows.length ? (
            <p className="text-sm">And {n(conflicts.total - conflicts.rows.length)} more.</p>
          ) : null}
        </>
      ) : null}
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="conflicts" value={conflicts.total} />
        <Button type="submit" name="intent" value="undo" variant="destructive" disabled={busy}>
          {conflicts.total > 0 ? "Undo the others" : "Undo the import"}
        </Button>
        <Button asChild variant="ghost">
          <Link to="?">Cancel</Link>
        </Button>
      </Form>
    </section>
  );
}
