// The Toaster, mounted when the first toast is asked for or when the browser is idle, so that
// sonner is not part of a page's first load. `now` mounts it at once (the back office, whose
// screens call sonner directly).
import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "~/lib/when-idle";
import { onFirstToastRequest, wasToastRequested } from "./toast";

const Toaster = lazy(() => import("./sonner").then((module) => ({ default: module.Toaster })));

export function ToasterOnDemand({ now = false }: { now?: boolean }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    if (now || wasToastRequested()) {
      setMounted(true);
      return;
    }
    const mount = () => setMounted(true);
    const stopListening = onFirstToastRequest(mount);
    const cancelIdle = whenIdle(mount);
    return () => {
      stopListening();
      cancelIdle();
    };
  }, [mounted, now]);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
