import { Button } from "~/components/ui/button";
import { Printer } from "~/components/ui/sprite-icons";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * Opens the browser's print dialog. It needs JavaScript, so it only appears once the page has
 * hydrated; without it the page says to use the browser's own Print.
 */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button type="button" variant="outline" onClick={() => window.print()} className="print:hidden">
      <Printer aria-hidden />
      Print
    </Button>
  );
}
