import type { ComponentProps } from "react";
import { Link } from "react-router";
import { isSafeLink, isSafeLocalPath } from "~/lib/safe-link";

const FALLBACK_LINK = "/catalog";

/**
 * A link whose target comes from staff-edited content: an in-app path goes through the router;
 * anything else (another site, a stored file, mail or phone) is a plain anchor, so a PDF or an
 * outside page loads as a document rather than as a client-side route.
 */
export function ContentLink({ to, ...props }: Omit<ComponentProps<"a">, "href"> & { to: string }) {
  // A link saved before the check was as strict as it is now goes to the catalogue instead.
  const target = isSafeLink(to, { external: true }) ? to : FALLBACK_LINK;
  const isAppPath = isSafeLocalPath(target) && !target.startsWith("/files/");
  return isAppPath ? <Link to={target} {...props} /> : <a href={target} {...props} />;
}
