// Toasts for the public site without sonner in the first load: `toast.success(...)` fetches sonner
// the first time it is called (or when the browser is idle, see ToasterOnDemand) and shows the
// toast once it is there. sonner keeps toasts made before its Toaster subscribes and shows them
// when it does, so nothing said early is lost.
import type { ReactNode } from "react";

/** `id`: a toast shown again with the same id replaces the first, and `toast.dismiss(id)` removes it. */
type ToastOptions = { description?: ReactNode; id?: string };
type Kind = "message" | "success" | "error" | "info";

let sonner: Promise<typeof import("sonner")> | undefined;
const listeners = new Set<() => void>();
let requested = false;

/** sonner's code, fetched once. */
function loadSonner() {
  sonner ??= import("sonner");
  return sonner;
}

export function wasToastRequested() {
  return requested;
}

/** `listener` hears of the first toast asked for (ToasterOnDemand mounts the Toaster then). */
export function onFirstToastRequest(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function show(kind: Kind, title: string, options?: ToastOptions) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
    listeners.clear();
  }
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (kind === "message") sonnerToast(title, options);
    else sonnerToast[kind](title, options);
  });
}

export const toast = Object.assign(
  (title: string, options?: ToastOptions) => show("message", title, options),
  {
    success: (title: string, options?: ToastOptions) => show("success", title, options),
    error: (title: string, options?: ToastOptions) => show("error", title, options),
    info: (title: string, options?: ToastOptions) => show("info", title, options),
    /** Removes the toast of that id, if sonner has shown it (nothing to do if it never loaded). */
    dismiss: (id: string) => {
      if (sonner) void sonner.then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
    },
  },
);
