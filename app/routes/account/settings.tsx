// The customer's sign-in and privacy settings: the address they sign in with (moved only once the
// new one is confirmed), where they are signed in (each device can be signed out), their data
// (to read or download) and deleting the account.
import { data, redirect, useLoaderData } from "react-router";
import { AccountSettings } from "~/components/account/account-settings";
import { deleteAccount, endOtherSessions, endSession } from "~/modules/accounts/commands.server";
import { requestEmailChange } from "~/modules/accounts/email-change.server";
import { getAccountProfile, listAccountSessions } from "~/modules/accounts/queries.server";
import { accountSettingsSchema } from "~/modules/accounts/schema";
import { privatePageMeta } from "~/modules/seo/meta";
import { getAuth } from "~/server/auth/auth.server";
import { requireCustomer, sessionIdOf } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { actionFailure } from "~/server/http/intents";
import { clientIpContext } from "~/server/security/request-context";
import { redirectWithToast, toastHeaders } from "~/server/toast.server";
import type { Route } from "./+types/settings";

export function meta() {
  return privatePageMeta("Sign-in and privacy");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireCustomer(request);
  const [profile, sessions] = await Promise.all([
    getAccountProfile(user.id),
    listAccountSessions(user.id, sessionIdOf(request)),
  ]);
  if (!profile) throw data(null, { status: 404 });
  return { email: profile.email, sessions };
}

const HERE = "/account/settings";

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, {
    access: "account",
    schema: accountSettingsSchema,
    conformIntents: false,
  });
  if (!form.ok) return form.response;
  const value = form.value;
  const email = form.actor.actor.email ?? "";
  switch (value.intent) {
    case "change-email": {
      const clientIp = args.context.get(clientIpContext);
      const asked = await requestEmailChange(args.request, {
        currentEmail: email,
        newEmail: value.newEmail,
        clientIp,
      });
      if (!asked.ok) {
        const error = { title: "E-mail address not changed", description: asked.message };
        return actionFailure(form.submission, error, {
          status: asked.status,
          fieldErrors: { newEmail: [asked.message] },
        });
      }
      return redirectWithToast(HERE, {
        type: "success",
        title: "Check your new e-mail address",
        description: `Open the link we sent to ${value.newEmail} to sign in with it from now on. Until then you sign in as ${email}.`,
      });
    }
    case "end-session": {
      const done = await form.run(endSession, { id: value.id }, "That device could not be signed out");
      if (!done.ok) return done.response;
      return redirectWithToast(HERE, { type: "success", title: "That device is signed out" });
    }
    case "end-other-sessions": {
      const keep = sessionIdOf(args.request) ?? "";
      const done = await form.run(endOtherSessions, { keep }, "Your other devices could not be signed out");
      if (!done.ok) return done.response;
      return redirectWithToast(HERE, { type: "success", title: "Signed out everywhere else" });
    }
    case "delete-account": {
      const done = await form.run(
        deleteAccount,
        { confirmEmail: value.confirmEmail },
        "Your account was not deleted",
      );
      if (!done.ok) return done.response;
      return signedOutAfterDeletion(args.request);
    }
  }
}

/** Home, with the session cookie cleared (its row went with the account) and the toast. */
async function signedOutAfterDeletion(request: Request) {
  const headers = new Headers();
  const ended = await getAuth()
    .api.signOut({ headers: request.headers, returnHeaders: true })
    .catch(() => null);
  for (const cookie of ended?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const toast = await toastHeaders({
    type: "success",
    title: "Your account has been deleted",
    description: "Your jobs are gone. Your enquiries and quotes stay with us as business records.",
  });
  headers.append("Set-Cookie", toast["Set-Cookie"]);
  return redirect("/", { headers });
}

export default function AccountSettingsPage() {
  const { email, sessions } = useLoaderData<typeof loader>();
  return <AccountSettings email={email} sessions={sessions} />;
}
