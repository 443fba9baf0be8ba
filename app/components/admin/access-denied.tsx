// The Access Denied screen of an admin-only screen that staff without the role may reach (403),
// or its "could not be loaded" message for any other failure.
import { ShieldAlertIcon } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export function AccessDenied({ error, failed }: { error: unknown; failed: string }) {
  const denied = isRouteErrorResponse(error) && (error.status === 403 || error.status === 401);
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center text-center">
        <ShieldAlertIcon aria-hidden className="size-10 text-destructive" />
        <CardTitle asChild>
          <h1 className="text-2xl">{denied ? "Access Denied" : "Something went wrong"}</h1>
        </CardTitle>
        <CardDescription>
          {denied ? "You don't have permission to access this page." : failed}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
