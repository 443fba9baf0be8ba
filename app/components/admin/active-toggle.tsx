// Activate / Deactivate one record from its row: posts intent=set-active with the id and the new
// state to the current route's action.
//
//   <ActiveToggle id={row.id} active={row.isActive} itemLabel={row.name} disabled={isSelf} />
import { Button } from "~/components/ui/button";
import { useAdminFetcher } from "./use-admin-fetcher";

export function ActiveToggle(props: {
  id: string;
  active: boolean;
  itemLabel: string;
  disabled?: boolean;
  intent?: string;
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const label = props.active ? "Deactivate" : "Activate";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={props.intent ?? "set-active"} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="isActive" value={String(!props.active)} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={props.disabled || busy}
        aria-label={`${label} ${props.itemLabel}`}
      >
        {busy ? "Saving..." : label}
      </Button>
    </fetcher.Form>
  );
}
