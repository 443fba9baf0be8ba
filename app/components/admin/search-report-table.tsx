// "Searches with no results": what visitors looked for in the catalogue this month and did not
// find, most often first.
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { formatNzDateTime } from "~/lib/nz-date";

export type NoResultRow = { query: string; times: number; lastSearchedAt: Date | string };

export function SearchReportTable({ rows, month }: { rows: readonly NoResultRow[]; month: string }) {
  if (rows.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">
        No search has come up empty in {month} so far.
      </p>
    );
  return (
    <Table>
      <TableCaption className="sr-only">Searches with no results in {month}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Search</TableHead>
          <TableHead scope="col" className="text-right">
            Times searched
          </TableHead>
          <TableHead scope="col">Last searched</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.query}>
            <TableCell className="wrap-anywhere font-medium">{row.query}</TableCell>
            <TableCell className="text-right tabular-nums">{row.times}</TableCell>
            <TableCell className="whitespace-nowrap">{formatNzDateTime(row.lastSearchedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
