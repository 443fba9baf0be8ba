// The Active/Inactive switch of a list row (brands, categories, subjects, home content). It posts
// `intent`, `id` and the new `isActive` ("on" or nothing: read it with checkbox()) to the current
// route's action and shows the new state at once. The switch is the submit button of its own
// small form, so it also works with JavaScript off.
//
//   <ActiveSwitch id={row.id} active={row.isActive} itemLabel={row.name} intent="toggle-brand" />
import { Switch } from "~/components/ui/switch";
import { useAdminFetcher } from "./use-admin-fetcher";

export function ActiveSwitch(props: {
  id: string;
  active: boolean;
  /** Names the record for screen readers: "Active: Pine framing". */
  itemLabel: string;
  intent?: string;
  action?: string;
}) {
  const fetcher = useAdminFetcher();
  const pending = fetcher.formData?.get("isActive");
  const checked = pending === undefined || pending === null ? props.active : pending === "on";
  return (
    <fetcher.Form method="post" action={props.action} className="inline-flex items-center gap-2">
      <input type="hidden" name="intent" value={props.intent ?? "toggle-active"} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="isActive" value={props.active ? "" : "on"} />
      <Switch type="submit" checked={checked} aria-label={`Active: ${props.itemLabel}`} />
      <span aria-hidden className="text-muted-foreground text-xs">
        {checked ? "Active" : "Inactive"}
      </span>
    </fetcher.Form>
  );
}
