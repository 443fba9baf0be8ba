// A button that opens a dialog whose code is fetched on demand: pointing at or focusing the
// button starts the download, pressing it mounts the dialog (inside a Suspense boundary) and
// opens it. The trigger is kept so focus can return to it when the dialog closes.
import { useRef, useState } from "react";

export function useDialogOnDemand(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const triggerProps = {
    ref: trigger,
    type: "button" as const,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
    onClick: () => {
      setRequested(true);
      setOpen(true);
    },
  };
  return { open, setOpen, requested, trigger, triggerProps };
}
