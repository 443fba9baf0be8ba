// The one "not found": thrown from a loader, an action or a command's work, it is answered 404 and
// the route's error boundary shows its message (a staff screen's "This quote does not exist.",
// the public site's Not Found page). A record deleted by someone else meanwhile is not found too.
import { data } from "react-router";

export type NotFoundBody = { message: string };

export function notFound(message = "Not found", headers?: HeadersInit) {
  return data<NotFoundBody>({ message }, { status: 404, statusText: "Not Found", headers });
}
