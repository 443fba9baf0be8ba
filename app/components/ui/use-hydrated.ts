import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/**
 * False on the server and during hydration, true afterwards. Lets a page render its no-JavaScript
 * fallback (a submit button, an inline details section) and swap in the scripted version once
 * React is running, without a hydration mismatch.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
