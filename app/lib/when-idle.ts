// Work that can wait until the page has loaded and the browser has nothing better to do: code
// fetched ahead of the visitor needing it, without competing with the page's first paint and
// hydration. Returns a function that cancels it.
export function whenIdle(run: () => void, timeoutMs = 3000): () => void {
  let cancel = () => {};
  const schedule = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 200);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") {
    schedule();
  } else {
    window.addEventListener("load", schedule, { once: true });
    cancel = () => window.removeEventListener("load", schedule);
  }
  return () => cancel();
}
