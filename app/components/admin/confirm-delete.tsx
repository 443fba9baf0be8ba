// Deletion always asks first. A trash button opens an AlertDialog whose confirm button posts
// intent=delete with the id to the current route's action (through useAdminFetcher: the action
// redirects back with a toast, or answers 400 { error } which is shown as an error toast). A
// refused delete reloads the screen's data too: an action's 400 does not, and the refusal may be
// that the record is already gone (deleted in another tab), whose row must then go.
//
//   <ConfirmDelete id={row.id} itemLabel={row.name} />
//   <ConfirmDelete id={row.id} itemLabel={row.title}
//     description="Are you sure you want to delete this content?" fields={{ section: "hero" }} />
import { Trash2Icon } from "lucide-react";
import { type ReactElement, useState } from "react";
import { useRevalidator } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { useAdminFetcher } from "./use-admin-fetcher";

export function ConfirmDelete(props: {
  id: string;
  /** Names the record for screen readers ("Delete Pine framing") and in the default text. */
  itemLabel: string;
  title?: string;
  description?: string;
  confirmLabel?: string;
  intent?: string;
  /** More hidden fields to post with the id. */
  fields?: Record<string, string>;
  /** Where to post; the current route by default. */
  action?: string;
  disabled?: boolean;
  /** A custom opener (rendered asChild); a small trash icon button by default. */
  trigger?: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  const fetcher = useAdminFetcher({
    onFailure: () => void revalidator.revalidate(),
    onSettled: () => setOpen(false),
  });
  const busy = fetcher.state !== "idle";
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild disabled={props.disabled}>
        {props.trigger ?? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Delete ${props.itemLabel}`}
            title="Delete"
          >
            <Trash2Icon aria-hidden className="text-destructive" />
          </Button>
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title ?? "Are you sure?"}</AlertDialogTitle>
          <AlertDialogDescription>
            {props.description ??
              `This will permanently delete "${props.itemLabel}". This action cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <fetcher.Form method="post" action={props.action}>
            <input type="hidden" name="intent" value={props.intent ?? "delete"} />
            <input type="hidden" name="id" value={props.id} />
            {Object.entries(props.fields ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="destructive" disabled={busy} className="w-full sm:w-auto">
              {busy ? "Deleting..." : (props.confirmLabel ?? "Delete")}
            </Button>
          </fetcher.Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
