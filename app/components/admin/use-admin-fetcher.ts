// A fetcher for admin mutations that reports how each submission ended.
//
//   const fetcher = useAdminFetcher({ onSuccess: () => setOpen(false) });
//   <fetcher.Form method="post">…</fetcher.Form>
//
// Success is a redirect (redirectWithToast back to the list: the root shows the toast) or any
// answer without `result`; a failure is the action's 400 { result, error? }, and its `error` is
// shown as an error toast here. onSettled runs after either.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { lastUploadInterrupted } from "~/lib/upload-progress";
import type { ActionFailure } from "~/modules/admin/intents";

type Options = { onSuccess?: () => void; onSettled?: () => void; key?: string };

export function useAdminFetcher(options: Options = {}) {
  const fetcher = useFetcher<Partial<ActionFailure>>(options.key ? { key: options.key } : undefined);
  const wasBusy = useRef(false);
  const callbacks = useRef(options);
  callbacks.current = options;

  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const error = fetcher.data?.error;
    if (error) toast.error(error.title, { description: error.description });
    // A file whose connection dropped got no answer at all: that is no success (the field says so).
    const interrupted = fetcher.data === undefined && lastUploadInterrupted();
    if (!fetcher.data?.result && !interrupted) callbacks.current.onSuccess?.();
    callbacks.current.onSettled?.();
  }, [fetcher.state, fetcher.data]);

  return fetcher;
}
