import { CardDescription, CardTitle } from "~/components/ui/card";

/** The sign-in page's heading for its three forms: password sign-in, sign-up, sign-in link. */
export function AuthHeading({ withLink, mode }: { withLink: boolean; mode: "sign-in" | "sign-up" }) {
  const title = withLink
    ? "Sign in with an e-mail link"
    : mode === "sign-in"
      ? "Staff Sign In"
      : "Create an account";
  const description = withLink
    ? "Customers: we'll e-mail you a link that signs you in once, within 15 minutes."
    : mode === "sign-in"
      ? "Sign in with your e-mail and password."
      : "Sign up with your e-mail and a password.";
  return (
    <>
      <CardTitle>
        <h1 className="text-2xl">{title}</h1>
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
}
