// A customer's sign-in and privacy settings, each part a plain form post (they work without
// JavaScript): the address they sign in with, where they are signed in, their data, and deleting
// the account.
import type { ReactNode } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionFailure } from "~/lib/action-error";
import { formatNzDateTime } from "~/lib/nz-date";

type Session = { id: string; createdAt: Date; lastUsedAt: Date; device: string; current: boolean };

function Section(props: { id: string; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={props.id}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={props.id}>{props.title}</h2>
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}

/** One text field of a form, with the message the server answered for it. */
function Field(props: { name: string; label: string; type: string; error?: string; autoComplete?: string }) {
  const id = `account-${props.name}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        name={props.name}
        type={props.type}
        required
        maxLength={254}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error ? (
        <p id={`${id}-error`} className="font-medium text-destructive text-sm">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function AccountSettings({ email, sessions }: { email: string; sessions: Session[] }) {
  const answer = useActionData<ActionFailure>();
  const busy = useNavigation().state === "submitting";
  const errors = answer?.result.error ?? {};
  return (
    <div className="grid gap-6">
      <Section id="email-heading" title="E-mail address" description={`You sign in as ${email}.`}>
        <Form method="post" className="grid max-w-lg gap-4" aria-labelledby="email-heading">
          <input type="hidden" name="intent" value="change-email" />
          <Field
            name="newEmail"
            label="New e-mail address"
            type="email"
            autoComplete="email"
            error={errors.newEmail?.[0]}
          />
          <p className="text-muted-foreground text-sm">
            We e-mail a link to the new address. Your account moves to it when you open the link, and the
            quotes sent to it then show here.
          </p>
          <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
            Change e-mail address
          </Button>
        </Form>
      </Section>

      <Section
        id="devices-heading"
        title="Where you're signed in"
        description="Sign out a device you no longer use."
      >
        <ul className="grid gap-3">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
            >
              <div className="grid text-sm">
                <span className="font-medium">{`${session.device}${session.current ? " (this device)" : ""}`}</span>
                <span className="text-muted-foreground">
                  {`Signed in ${formatNzDateTime(session.createdAt)}, last used ${formatNzDateTime(session.lastUsedAt)}`}
                </span>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="id" value={session.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={busy}>
                    Sign out{" "}
                    <span className="sr-only">{`${session.device}, last used ${formatNzDateTime(session.lastUsedAt)}`}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {sessions.length > 1 ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="end-other-sessions" />
            <Button type="submit" variant="outline" disabled={busy}>
              Sign out everywhere else
            </Button>
          </Form>
        ) : null}
      </Section>

      <Section
        id="data-heading"
        title="Your data"
        description="Everything we hold about you: your account, jobs and lists, the enquiries you sent and the quotes sent to you."
      >
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to="/account/data">Read it here</Link>
          </Button>
          <Button asChild variant="outline">
            <a href="/account/data.json" download>
              Download it (JSON)
            </a>
          </Button>
        </div>
      </Section>

      <Section
        id="delete-heading"
        title="Delete your account"
        description="Your account, your jobs and their lists are deleted at once. Your enquiries and quotes stay with us as business records, no longer tied to an account, as our privacy policy says."
      >
        <Form method="post" className="grid max-w-lg gap-4" aria-labelledby="delete-heading">
          <input type="hidden" name="intent" value="delete-account" />
          <Field
            name="confirmEmail"
            label={`Type ${email} to confirm`}
            type="text"
            autoComplete="off"
            error={errors.confirmEmail?.[0]}
          />
          <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
            Delete my account
          </Button>
        </Form>
      </Section>
    </div>
  );
}
