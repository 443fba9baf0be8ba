// The audit log's filters: actor, record type, action and a date range, a GET form so the view
// lives in the URL (with the search and the page) and works without JavaScript.
import { Form } from "react-router";
import { FilterActions } from "~/components/admin/data-table/filter-actions";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditFilters as Filters,
} from "~/modules/audit/filters";

type AuditActorOption = { id: string; name: string };

const ENTITIES = Object.entries(AUDIT_ENTITY_LABELS);
const ACTIONS = Object.entries(AUDIT_ACTION_LABELS);

export function AuditFilters({
  filters,
  q,
  actors,
}: {
  filters: Filters;
  q: string;
  actors: AuditActorOption[];
}) {
  const filtered = Boolean(
    filters.actor || filters.entity || filters.entityId || filters.action || filters.from || filters.to,
  );
  const selects = [
    {
      name: "actor",
      label: "Actor",
      value: filters.actor,
      options: actors.map((actor) => [actor.id, actor.name] as const),
      any: "Anyone",
    },
    { name: "entity", label: "Record", value: filters.entity ?? "", options: ENTITIES, any: "Any record" },
    { name: "action", label: "Action", value: filters.action ?? "", options: ACTIONS, any: "Any action" },
  ];
  return (
    <Form method="get" aria-label="Filter the audit log" className="flex flex-wrap items-end gap-2">
      {q ? <input type="hidden" name="q" value={q} /> : null}
      {filters.entityId ? <input type="hidden" name="entityId" value={filters.entityId} /> : null}
      {selects.map((select) => (
        <div key={select.name} className="grid gap-1">
          <Label htmlFor={`audit-${select.name}`}>{select.label}</Label>
          <NativeSelect
            id={`audit-${select.name}`}
            name={select.name}
            key={`${select.name}-${select.value}`}
            defaultValue={select.value}
            wrapperClassName="w-44"
          >
            <NativeSelectOption value="">{select.any}</NativeSelectOption>
            {select.options.map(([value, label]) => (
              <NativeSelectOption key={value} value={value}>
                {label}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      ))}
      {(
        [
          ["from", "From", filters.from],
          ["to", "To", filters.to],
        ] as const
      ).map(([name, label, value]) => (
        <div key={name} className="grid gap-1">
          <Label htmlFor={`audit-${name}`}>{label}</Label>
          <Input
            id={`audit-${name}`}
            name={name}
            type="date"
            defaultValue={value}
            key={`${name}-${value}`}
            className="w-40"
          />
        </div>
      ))}
      <FilterActions
        submitLabel="Apply"
        filtered={filtered}
        clearHref={q ? `?q=${encodeURIComponent(q)}` : "?"}
      />
    </Form>
  );
}
