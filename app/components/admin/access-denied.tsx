// The Access Denied screen of an admin-only screen that staff without the role may reach (403),
// saying the refusal's own reason when it gives one; "Not found" for a record that is not there
// (404); or its "could not be loaded" message for any other failure. `children` go below (a way
// back).
import { SearchXIcon, ShieldAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

const DENIED = "You don't have permission to access this page.";

function reasonOf(data: unknown) {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : null;
}

export function AccessDenied({
  error,
  failed,
  missingAs,
  children,
}: {
  error: unknown;
  failed: string;
  /** The title and words for a record that is not there, when the screen has its own. */
  missingAs?: readonly [string, string];
  children?: ReactNode;
}) {
  const response = isRouteErrorResponse(error) ? error : null;
  const denied = response !== null && (response.status === 403 || response.status === 401);
  const missing = response?.status === 404;
  const [title, detail] = denied
    ? ["Access Denied", reasonOf(response.data) ?? DENIED]
    : missing
      ? (missingAs ?? ["Not found", reasonOf(response.data) ?? "This page does not exist."])
      : ["Something went wrong", failed];
  const Icon = missing ? SearchXIcon : ShieldAlertIcon;
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center text-center">
        <Icon aria-hidden className="mx-auto size-10 text-destructive" />
        <CardTitle asChild>
          <h1 className="text-2xl">{title}</h1>
        </CardTitle>
        <CardDescription>{detail}</CardDescription>
      </CardHeader>
      {children ? <CardContent className="flex justify-center">{children}</CardContent> : null}
    </Card>
  );
}
