// A fetcher for admin mutations that reports how each submission ended.
//
//   const fetcher = useAdminFetcher({ onSuccess: () => setOpen(false) });
//   <fetcher.Form method="post">…</fetcher.Form>
//
// Success is a redirect (redirectWithToast back to the list: the root shows the toast) or any
// answer without `result`; a failure is the action's 400 { result, error? }, and its `error` is
// shown as an error toast here. onSettled runs after either.
//
// A redirect leaves the fetcher's data as the previous submission left it, so after a refused
// attempt the data still holds that refusal: a submission succeeded when it brought no new data
// (a redirect) or new data without `result`, never judged by what is left from an earlier one.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { lastUploadInterrupted } from "~/lib/upload-progress";
import type { ActionFailure } from "~/modules/admin/intents";

type Options = { onSuccess?: () => void; onSettled?: () => void; key?: string };

const IDLE = Symbol("idle");

export function useAdminFetcher(options: Options = {}) {
  const fetcher = useFetcher<Partial<ActionFailure>>(options.key ? { key: options.key } : undefined);
  /** The data as it was when the submission in flight started; IDLE when none is. */
  const dataBefore = useRef<typeof fetcher.data | typeof IDLE>(IDLE);
  const callbacks = useRef(options);
  callbacks.current = options;

  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (dataBefore.current === IDLE) dataBefore.current = fetcher.data;
      return;
    }
    if (dataBefore.current === IDLE) return;
    const answered = fetcher.data !== dataBefore.current;
    dataBefore.current = IDLE;
    const error = answered ? fetcher.data?.error : undefined;
    if (error) toast.error(error.title, { description: error.description });
    // A file whose connection dropped got no answer at all: that is no success (the field says so).
    const interrupted = fetcher.data === undefined && lastUploadInterrupted();
    if ((!answered || !fetcher.data?.result) && !interrupted) callbacks.current.onSuccess?.();
    callbacks.current.onSettled?.();
  }, [fetcher.state, fetcher.data]);

  return fetcher;
}
