// Beside the sheet editor: its version and completeness, what it is missing for its class, the
// products that use it, and the versions it superseded (each readable as it was).
import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNzDateTime } from "~/lib/nz-date";
import type { Completeness } from "~/modules/compliance/completeness";
import { CompletenessBadge } from "./completeness-badge";

export function SheetStatus(props: {
  version: number;
  completeness: Completeness;
  products: { id: string; name: string; isPublished: boolean }[];
}) {
  const { completeness } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Status</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span>Version {props.version}</span>
          <CompletenessBadge state={completeness.state} />
        </p>
        {completeness.state === "incomplete" ? (
          <div className="grid gap-1" aria-live="polite">
            <h3 className="font-medium">Missing for its class</h3>
            <ul className="list-disc pl-5" aria-label="Missing information">
              {completeness.missing.map((item) => (
                <li key={item.field}>{item.label}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-1">
          <h3 className="font-medium">Products using it</h3>
          {props.products.length === 0 ? (
            <p className="text-muted-foreground">None yet. Link it to a product in the Catalog.</p>
          ) : (
            <ul className="grid gap-1">
              {props.products.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/catalog?q=${encodeURIComponent(p.name)}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {p.name}
                  </Link>
                  <StatusBadge active={p.isPublished} labels={["Published", "Draft"]} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

const SHOWN: [string, string][] = [
  ["title", "Title"],
  ["classification", "Classification"],
  ["exemptReason", "Reason for the exemption"],
  ["responsibility", "Responsibility"],
  ["sourceUrl", "Published information"],
  ["description", "Description"],
  ["intendedUse", "Intended use"],
  ["identifiers", "Identifiers"],
  ["responsibleParty", "Responsible party"],
  ["manufacturer", "Overseas manufacturer"],
  ["codeClauses", "Building Code clauses"],
  ["scopeOfUse", "Scope of use"],
  ["designRequirements", "Design requirements"],
  ["installationRequirements", "Installation requirements"],
  ["maintenanceRequirements", "Maintenance requirements"],
  ["requirementsDocumentUrl", "Requirements document"],
  ["warnings", "Warnings or bans"],
  ["evidence", "Supporting evidence"],
  ["reviewedOn", "Date last reviewed"],
];

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(shown).join("; ");
  if (typeof value === "object")
    return Object.values(value as Record<string, unknown>)
      .filter((part) => part !== "" && !(Array.isArray(part) && part.length === 0))
      .map(shown)
      .join(", ");
  return String(value);
}

export function SheetVersions(props: {
  versions: {
    version: number;
    content: Record<string, unknown>;
    supersededAt: Date;
    supersededBy: string | null;
  }[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Earlier versions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {props.versions.length === 0 ? (
          <p className="text-muted-foreground">None: this is the first version.</p>
        ) : null}
        {props.versions.map((v) => (
          <details key={v.version} className="rounded-md border p-2">
            <summary className="cursor-pointer">
              Version {v.version}, replaced {formatNzDateTime(v.supersededAt)}
              {v.supersededBy ? ` by ${v.supersededBy}` : ""}
            </summary>
            <dl className="mt-2 grid gap-1">
              {SHOWN.map(([key, label]) => (
                <div key={key} className="grid gap-0.5">
                  <dt className="font-medium">{label}</dt>
                  <dd className="break-words text-muted-foreground">{shown(v.content[key])}</dd>
                </div>
              ))}
            </dl>
          </details>
        ))}
      </CardContent>
    </Card>
  );
}
