// On the sign-in page, when the password was right but the e-mail address is not confirmed yet:
// one press asks for a new confirmation link for the address typed (a plain form post, so it
// works without JavaScript).
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

export function ConfirmationLinkOffer({ email, busy }: { email: string; busy: boolean }) {
  return (
    <Form
      method="post"
      className="mb-4 grid gap-3 rounded-md border p-3 text-sm"
      aria-label="New confirmation link"
    >
      <input type="hidden" name="intent" value="resend-confirmation" />
      <input type="hidden" name="email" value={email} />
      <p>
        Your e-mail address is not confirmed yet. Open the link in the e-mail we sent you, or ask for a new
        one.
      </p>
      <Button type="submit" variant="outline" disabled={busy}>
        Send a new confirmation link
      </Button>
    </Form>
  );
}
