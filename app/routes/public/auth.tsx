import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { AccessLimited } from "~/components/site/auth/access-limited";
import { AuthHeading } from "~/components/site/auth/auth-heading";
import { SignInLinkForm } from "~/components/site/auth/sign-in-link-form";
import { ConfirmationLinkOffer } from "~/components/site/confirmation-link-offer";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { safeRedirect } from "~/lib/safe-redirect";
import { privatePageMeta } from "~/modules/seo/meta";
import { authFormSchema } from "~/modules/users/schema";
import { getSessionUser, isStaff } from "~/server/auth/guards.server";
import {
  attemptSignIn,
  attemptSignUp,
  requestConfirmationLink,
  requestSignInLink,
  signedInRedirect,
} from "~/server/auth/session.server";
import { parseSubmission, readFormData } from "~/server/http/intents";
import { clientIpContext } from "~/server/security/request-context";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/auth";

/** A 429's Retry-After reaches the browser only through the route's headers (React Router). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function meta() {
  return privatePageMeta("Staff Sign In", "Sign in to Trade Counter's back office.");
}

const FAILURE_TITLE = {
  "sign-in": "Sign In Failed",
  "sign-up": "Sign Up Failed",
  "resend-confirmation": "New Link Not Sent",
  "sign-in-link": "Sign-in Link Not Sent",
} as const;

/** The sign-in failure's toast, replaced by the next answer and gone once the page is left. */
const FAILURE_TOAST = "auth-failure";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  // The page to return to after sign-in: a page of this site, or none.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (user && isStaff(user)) throw redirect(redirectTo || "/admin");
  // "?with=link": a customer's sign-in by a one-time link instead of a password.
  const withLink = new URL(request.url).searchParams.get("with") === "link";
  return { user, redirectTo, withLink };
}

type AuthAnswer = {
  result: SubmissionResult<string[]>;
  /** Why the attempt was refused (shown in a toast and above the form). */
  failure: string | null;
  intent: keyof typeof FAILURE_TITLE | null;
  /** The password was right but the address is unconfirmed: a new link is offered for it. */
  unconfirmedEmail: string | null;
};

/** A refused post: the form's answer with its status (and Retry-After past a limit). */
function refused(
  answer: Partial<AuthAnswer> & Pick<AuthAnswer, "result">,
  status: number,
  retryAfter?: number,
) {
  return data<AuthAnswer>(
    { failure: null, intent: null, unconfirmedEmail: null, ...answer },
    { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  // A body no form of ours sends (another content type, broken multipart) is a 400, read no further.
  const formData = await readFormData(request);
  if (!formData)
    return refused({ result: { status: "error", error: { "": ["The form could not be read."] } } }, 400);
  // parseSubmission: a forged __intent__ / __state__ (Conform's own fields) is dropped, not a 500.
  const submission = parseSubmission(formData, authFormSchema);
  if (submission.status !== "success")
    return refused({ result: submission.reply({ hideFields: ["password"] }) }, 400);
  const value = submission.value;
  const clientIp = context.get(clientIpContext);
  if (value.intent === "sign-in-link") {
    const sent = await requestSignInLink({ email: value.email, clientIp });
    if (!sent.ok) {
      const answer = { result: submission.reply(), failure: sent.message, intent: value.intent };
      return refused(answer, sent.status, sent.retryAfterSeconds);
    }
    // The same words whether or not the address has a customer account.
    return redirectWithToast("/auth?with=link", {
      type: "success",
      title: "Check your e-mail",
      description:
        "If this address has a customer account, a sign-in link is on its way. It works once, for 15 minutes.",
    });
  }
  if (value.intent === "resend-confirmation") {
    const sent = await requestConfirmationLink({ email: value.email, clientIp });
    if (!sent.ok) {
      const answer = { result: submission.reply(), failure: sent.message, unconfirmedEmail: value.email };
      return refused({ ...answer, intent: value.intent }, sent.status, sent.retryAfterSeconds);
    }
    // The same words whether or not the address has an account waiting for confirmation.
    return redirectWithToast("/auth", {
      type: "success",
      title: "Check your e-mail",
      description:
        "If this address has an account waiting for confirmation, a new link is on its way. It works for 24 hours.",
    });
  }
  const outcome =
    value.intent === "sign-in"
      ? await attemptSignIn(request, { email: value.email, password: value.password, clientIp })
      : await attemptSignUp(request, { ...value, clientIp });
  if (!outcome.ok) {
    const answer = {
      result: submission.reply({ hideFields: ["password"] }),
      failure: outcome.message,
      intent: value.intent,
      // The password was right: offer a new confirmation link for the address typed.
      unconfirmedEmail: outcome.unconfirmed ? value.email : null,
    };
    return refused(answer, outcome.status, outcome.retryAfterSeconds);
  }
  if (value.intent === "sign-up") {
    // No session yet: the account can sign in once its e-mail address is confirmed.
    return redirectWithToast("/auth", {
      type: "success",
      title: "Account created",
      description: "Check your e-mail to confirm your address.",
    });
  }
  // Staff return to the page they were sent here from (or /admin); anyone else sees Access Limited.
  return signedInRedirect(request, outcome, value.redirectTo);
}

export default function AuthPage() {
  const { user, redirectTo, withLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [mode, setMode] = useState<"sign-in" | "sign-up">(
    actionData?.intent === "sign-up" ? "sign-up" : "sign-in",
  );
  const [form, fields] = useForm({
    id: `auth-${mode}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: authFormSchema }),
    shouldValidate: "onSubmit",
  });

  const failureTitle = FAILURE_TITLE[actionData?.intent ?? "sign-in"];
  // A failure's toast lasts as long as its answer: the next attempt's answer, or leaving the page
  // (signed in at last), takes it away, so it never stands beside "Welcome back!".
  useEffect(() => {
    if (!actionData?.failure) return;
    toast.error(failureTitle, { id: FAILURE_TOAST, description: actionData.failure });
    return () => toast.dismiss(FAILURE_TOAST);
  }, [actionData, failureTitle]);

  if (user) return <AccessLimited email={user.email} />;

  const errorId = "auth-failure";
  return (
    <section className="container mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <CardHeader>
          <AuthHeading withLink={withLink} mode={mode} />
        </CardHeader>
        <CardContent>
          {actionData?.failure ? (
            <p
              id={errorId}
              role="alert"
              className="mb-4 rounded-md border border-destructive/50 p-3 text-destructive text-sm"
            >
              {`${failureTitle}: ${actionData.failure}`}
            </p>
          ) : null}
          {actionData?.unconfirmedEmail ? (
            <ConfirmationLinkOffer email={actionData.unconfirmedEmail} busy={busy} />
          ) : null}
          {withLink ? (
            <SignInLinkForm busy={busy} error={actionData?.result.error?.email?.[0]} />
          ) : (
            <>
              <Form method="post" {...getFormProps(form)} className="grid gap-4">
                <input type="hidden" name="intent" value={mode} />
                {mode === "sign-in" && redirectTo ? (
                  <input type="hidden" name="redirectTo" value={redirectTo} />
                ) : null}
                {mode === "sign-up" ? (
                  <FormField label="Name" errors={fields.name.errors} errorId={fields.name.errorId}>
                    <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
                  </FormField>
                ) : null}
                <FormField label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
                  <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
                </FormField>
                <FormField label="Password" errors={fields.password.errors} errorId={fields.password.errorId}>
                  <Input
                    {...getInputProps(fields.password, { type: "password" })}
                    autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
                  />
                </FormField>
                <Button type="submit" disabled={busy}>
                  {busy ? "Please wait..." : mode === "sign-in" ? "Sign In" : "Sign Up"}
                </Button>
              </Form>
              <Button
                type="button"
                variant="link"
                className="mt-2 w-full"
                onClick={() => setMode(mode === "sign-in" ? "sign-up" : "sign-in")}
              >
                {mode === "sign-in" ? "Need an account? Sign up" : "Already have an account? Sign in"}
              </Button>
              {mode === "sign-in" ? (
                <Button asChild variant="link" className="w-full">
                  <Link to="/auth?with=link">Customers: e-mail me a sign-in link</Link>
                </Button>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
