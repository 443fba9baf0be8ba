// "Checked against the register today": records today's date and the signed-in admin's name as
// the certificate's last register check (the server sets both). A small form of its own, so it
// also works with JavaScript off.
import { ClipboardCheckIcon } from "lucide-react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";

export function RegisterCheckButton(props: { id: string; itemLabel: string }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post" className="inline-flex">
      <input type="hidden" name="intent" value="register-checked" />
      <input type="hidden" name="id" value={props.id} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        disabled={fetcher.state !== "idle"}
        aria-label={`Checked against the register today: ${props.itemLabel}`}
        title="Checked against the register today"
      >
        <ClipboardCheckIcon aria-hidden />
      </Button>
    </fetcher.Form>
  );
}
