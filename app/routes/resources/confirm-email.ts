// The link in the e-mail sent at sign-up: confirms the address and lands on the site root. The
// link mailed to a customer's new address moves their account to it and lands on their settings. A
// link that no longer works goes to the sign-in page, which offers a new one to an unconfirmed
// account that signs in.
import { confirmEmail } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/confirm-email";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const confirmed = await confirmEmail(token);
  if (confirmed === "changed") {
    return redirectWithToast("/account/settings", {
      type: "success",
      title: "E-mail address changed",
      description: "From now on you sign in with your new address.",
    });
  }
  if (confirmed) {
    return redirectWithToast("/", {
      type: "success",
      title: "E-mail address confirmed",
      description: "Your account is ready: you can now sign in.",
    });
  }
  return redirectWithToast("/auth", {
    type: "error",
    title: "This confirmation link does not work",
    description: "It may have expired. Sign in with your e-mail and password to ask for a new one.",
  });
}
