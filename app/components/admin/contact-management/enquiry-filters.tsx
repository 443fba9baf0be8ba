// The filters of Contact Queries: status (Open, one status, or everything with spam) and owner
// (anyone, unassigned, a staff member), a GET form so the filters live in the URL with the search
// and the page and work without JavaScript. Spam is hidden unless asked for, and the screen says
// so with a link that shows it.

import type { FormEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import { FilterActions } from "~/components/admin/data-table/filter-actions";
import { FilterSelect } from "~/components/admin/data-table/filter-select";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import {
  type EnquiryFilters as Filters,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  UNASSIGNED,
} from "~/modules/enquiries/follow-up.schema";

export type StaffOption = { id: string; name: string };

function listHref(params: Record<string, string>) {
  const search = new URLSearchParams({ tab: "queries" });
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  return `?${search.toString()}`;
}

export function EnquiryFilters({ filters, q, staff }: { filters: Filters; q: string; staff: StaffOption[] }) {
  const submit = useSubmit();
  const knownOwner =
    !filters.owner || filters.owner === UNASSIGNED || staff.some((s) => s.id === filters.owner);
  const filtered = filters.status !== "" || filters.owner !== "";

  // With JavaScript the empty choices are left out of the URL; without it they are harmless.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    for (const [name, value] of [...data.entries()]) if (value === "") data.delete(name);
    void submit(data, { method: "get" });
  }

  return (
    <div className="grid gap-2">
      <Form
        method="get"
        aria-label="Filter queries"
        className="flex flex-wrap items-end gap-2"
        onSubmit={onSubmit}
      >
        <input type="hidden" name="tab" value="queries" />
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={STATUS_FILTERS}
          labels={STATUS_FILTER_LABELS}
          width="w-60"
        />
        <div className="grid gap-1">
          <Label htmlFor="filter-owner">Owner</Label>
          <NativeSelect
            id="filter-owner"
            name="owner"
            key={`owner-${filters.owner}`}
            defaultValue={filters.owner}
            wrapperClassName="w-52"
          >
            <NativeSelectOption value="">Any owner</NativeSelectOption>
            <NativeSelectOption value={UNASSIGNED}>Unassigned</NativeSelectOption>
            {staff.map((person) => (
              <NativeSelectOption key={person.id} value={person.id}>
                {person.name}
              </NativeSelectOption>
            ))}
            {knownOwner ? null : <NativeSelectOption value={filters.owner}>Another owner</NativeSelectOption>}
          </NativeSelect>
        </div>
        <FilterActions submitLabel="Filter" filtered={filtered} clearHref={listHref({ q })} />
      </Form>
      {filters.status === "" ? (
        <p className="text-muted-foreground text-sm">
          Spam is hidden.{" "}
          <Link
            to={listHref({ q, owner: filters.owner, status: "Spam" })}
            className="font-medium text-primary underline underline-offset-4"
          >
            Show spam
          </Link>
        </p>
      ) : null}
    </div>
  );
}
