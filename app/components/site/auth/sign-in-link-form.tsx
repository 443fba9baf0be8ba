// The sign-in page's other way in for customers: an e-mail address, and a one-time link sent to
// it. A plain form post, so it works without JavaScript; the answer is the same for any address.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export function SignInLinkForm({ busy, error }: { busy: boolean; error?: string }) {
  return (
    <Form method="post" className="grid gap-4" aria-label="Sign-in link">
      <input type="hidden" name="intent" value="sign-in-link" />
      <div className="grid gap-2">
        <Label htmlFor="sign-in-link-email">Email</Label>
        <Input
          id="sign-in-link-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sign-in-link-email-error" : undefined}
        />
        {error ? (
          <p id="sign-in-link-email-error" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Please wait..." : "E-mail me a sign-in link"}
      </Button>
      <Button asChild variant="link" className="w-full">
        <Link to="/auth">Sign in with a password</Link>
      </Button>
    </Form>
  );
}
