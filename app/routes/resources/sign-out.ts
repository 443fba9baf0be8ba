import { redirect } from "react-router";
import { signOut } from "~/server/auth/session.server";
import type { Route } from "./+types/sign-out";

export async function action({ request }: Route.ActionArgs) {
  return signOut(request);
}

export function loader() {
  return redirect("/");
}
