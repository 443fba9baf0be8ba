import type { ComponentProps } from "react";
import { Link } from "react-router";

/**
 * A link whose target comes from staff-edited content: an in-app path goes through the router;
 * anything else (another site, a stored file, mail or phone) is a plain anchor, so a PDF or an
 * outside page loads as a document rather than as a client-side route.
 */
export function ContentLink({ to, ...props }: Omit<ComponentProps<"a">, "href"> & { to: string }) {
  const isAppPath = to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/files/");
  return isAppPath ? <Link to={to} {...props} /> : <a href={to} {...props} />;
}
