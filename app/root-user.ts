import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The signed-in user from the root loader, or null. Apart from root.tsx, so that a page's
 * script does not import the document's route module (the bundler would add a file for it). */
export function useOptionalUser() {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}
