// What a signed-in customer (role user) sees on the sign-in page: the staff area is not theirs,
// their own account is.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ShieldAlert } from "~/components/ui/sprite-icons";

export function AccessLimited({ email }: { email: string }) {
  return (
    <section className="container mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <ShieldAlert aria-hidden className="size-10 text-primary" />
          <CardTitle>
            <h1 className="text-2xl">Access Limited</h1>
          </CardTitle>
          <CardDescription>
            You are signed in as {email}. Your account does not have access to the staff area. Please contact
            an administrator if you need access.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Button asChild variant="outline" className="w-full">
            <Link to="/account">My account</Link>
          </Button>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" className="w-full">
              Sign Out
            </Button>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
