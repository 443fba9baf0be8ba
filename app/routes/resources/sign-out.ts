import { redirect } from "react-router";
import { signOut } from "~/server/auth/session.server";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/sign-out";

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context.get(clientIpContext));
}

export function loader() {
  return redirect("/");
}
