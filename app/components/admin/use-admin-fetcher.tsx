// A fetcher for admin mutations that reports how each submission ended.
//
//   const fetcher = useAdminFetcher({ onSuccess: () => setOpen(false) });
//   <fetcher.Form method="post">…</fetcher.Form>
//
// Success is a redirect (redirectWithToast back to the list: the root shows the toast) or any
// answer without `result`; a failure is the action's 400 { result, error? }, and its `error` is
// shown as an error toast here; onFailure runs then. onSettled runs after either.
//
// A redirect leaves the fetcher's data as the previous submission left it, so after a refused
// attempt the data still holds that refusal: a submission succeeded when it brought no new data
// (a redirect) or new data without `result`, never judged by what is left from an earlier one.
//
// Its `Form` and `submit` mark the start of a submission themselves (after the form's own
// onSubmit, unless that prevented it): React may apply a quick answer without ever rendering the
// fetcher busy, and without a start on record such an answer would pass unseen.
import { type ComponentProps, useCallback, useEffect, useMemo, useRef } from "react";
import { type FetcherWithComponents, useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import type { ActionFailure } from "~/lib/action-error";
import { lastUploadInterrupted } from "~/lib/upload-progress";

type FormProps = ComponentProps<FetcherWithComponents<unknown>["Form"]>;
type Options = { onSuccess?: () => void; onFailure?: () => void; onSettled?: () => void; key?: string };

/** A submission on its way: the data and the location as they were when it started. */
type Pending = { data: unknown; locationKey: string; sawBusy: boolean };

export function useAdminFetcher(options: Options = {}) {
  const fetcher = useFetcher<Partial<ActionFailure>>(options.key ? { key: options.key } : undefined);
  const location = useLocation();
  const pending = useRef<Pending | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;
  const now = useRef({ data: fetcher.data as unknown, locationKey: location.key });
  now.current = { data: fetcher.data, locationKey: location.key };

  /** The start a quick answer is judged against: the data and location before it was sent. */
  const begin = useCallback(() => {
    pending.current = { ...now.current, sawBusy: false };
  }, []);
  const inner = useRef(fetcher);
  inner.current = fetcher;
  const Form = useMemo(
    () =>
      function AdminFetcherForm(props: FormProps) {
        const FetcherForm = inner.current.Form;
        function onSubmit(event: Parameters<NonNullable<FormProps["onSubmit"]>>[0]) {
          props.onSubmit?.(event);
          if (!event.defaultPrevented) begin();
        }
        return <FetcherForm {...props} onSubmit={onSubmit} />;
      },
    [begin],
  );
  const submit = useCallback<typeof fetcher.submit>(
    (target, options) => {
      begin();
      return inner.current.submit(target, options);
    },
    [begin],
  );

  useEffect(() => {
    if (fetcher.state !== "idle") {
      pending.current ??= { data: fetcher.data, locationKey: location.key, sawBusy: true };
      pending.current.sawBusy = true;
      return;
    }
    const started = pending.current;
    if (!started) return;
    const answered = fetcher.data !== started.data;
    // A redirect leaves the data as it was but moves to a new location; with neither, and no
    // busy render seen, the submission has not been taken up yet.
    if (!answered && !started.sawBusy && location.key === started.locationKey) return;
    pending.current = null;
    const error = answered ? fetcher.data?.error : undefined;
    if (error) toast.error(error.title, { description: error.description });
    // A file whose connection dropped got no answer at all: that is no success (the field says so).
    const interrupted = fetcher.data === undefined && lastUploadInterrupted();
    if ((!answered || !fetcher.data?.result) && !interrupted) callbacks.current.onSuccess?.();
    else callbacks.current.onFailure?.();
    callbacks.current.onSettled?.();
  }, [fetcher.state, fetcher.data, location.key]);

  return { ...fetcher, Form, submit };
}
