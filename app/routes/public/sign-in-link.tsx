// The link of a customer's sign-in e-mail. Opening it signs nobody in: mail scanners open links
// too, and the token works once. The page asks the customer to press Sign in, which posts the
// token (a plain form, so it works without JavaScript) and lands on their account.
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { privatePageMeta } from "~/modules/seo/meta";
import { SIGN_IN_LINK_INVALID, signedInRedirect, signInWithLink } from "~/server/auth/session.server";
import { readFormData } from "~/server/http/intents";
import { clientIpContext } from "~/server/security/request-context";
import type { Route } from "./+types/sign-in-link";

export function meta() {
  return privatePageMeta("Sign in", "Finish signing in to your Trade Counter account.");
}

export function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("token") ?? "";
  const token = asked.length <= 200 ? asked : "";
  // Said by the loader: the message lives in server code, which the page's own script never holds.
  return { token, noToken: token ? null : SIGN_IN_LINK_INVALID };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const token = formData?.get("token");
  if (typeof token !== "string" || token.length === 0 || token.length > 200)
    return data({ failure: SIGN_IN_LINK_INVALID }, { status: 400 });
  const outcome = await signInWithLink(request, { token, clientIp: context.get(clientIpContext) });
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds
      ? { "Retry-After": String(outcome.retryAfterSeconds) }
      : undefined;
    return data({ failure: outcome.message }, { status: outcome.status, headers });
  }
  return signedInRedirect(request, outcome, undefined);
}

export default function SignInLinkPage() {
  const { token, noToken } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failure = answer?.failure ?? noToken;
  return (
    <section className="container mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Sign in to your account</h1>
          </CardTitle>
          <CardDescription>
            {failure ? "This link cannot sign you in." : "Press Sign in to finish signing in on this device."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {failure ? (
            <>
              <p
                role="alert"
                className="rounded-md border border-destructive/50 p-3 text-destructive text-sm"
              >
                {failure}
              </p>
              <Button asChild variant="outline">
                <Link to="/auth?with=link">Ask for a new sign-in link</Link>
              </Button>
            </>
          ) : (
            <Form method="post" className="grid">
              <input type="hidden" name="token" value={token} />
              <Button type="submit" disabled={busy}>
                {busy ? "Please wait..." : "Sign in"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
