import { CircleAlert, CircleCheck } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import type { Toast } from "~/server/toast.server";

/**
 * A redirect's flash message, in the page itself for browsers without JavaScript (with scripts
 * the root shows it as a toast). After 'Add to quote list' this is how the visitor hears of it.
 */
export function FlashNotice({ flash }: { flash: Toast | null }) {
  if (!flash) return null;
  const error = flash.type === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? "alert" : "status"}
      className={cx(
        "hidden border-b noscript:block",
        error ? "border-destructive/40 bg-destructive/5" : "border-green-700/30 bg-green-50",
      )}
    >
      <p className="container mx-auto flex items-start gap-2 px-4 py-3 text-sm">
        <Icon
          aria-hidden="true"
          className={cx("mt-0.5 size-4 shrink-0", error ? "text-destructive" : "text-green-700")}
        />
        <span>
          <strong className="font-semibold">{flash.title}</strong>
          {flash.description ? ` — ${flash.description}` : null}
        </span>
      </p>
    </div>
  );
}
