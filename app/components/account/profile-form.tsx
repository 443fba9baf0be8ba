// The customer's own details: name, phone and company (the e-mail address is how they sign in).
// A plain form post, so it works without JavaScript; with it, Conform checks the fields first.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useNavigation } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import type { ActionFailure } from "~/lib/action-error";
import { formatNzDate } from "~/lib/nz-date";
import { profileFormSchema } from "~/modules/accounts/schema";
import { FormAlert } from "./form-alert";

type Profile = { name: string; email: string; phone: string | null; company: string | null; createdAt: Date };

export function ProfileForm({ profile }: { profile: Profile }) {
  const answer = useActionData<ActionFailure>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "account-profile",
    lastResult: busy ? undefined : answer?.result,
    defaultValue: { name: profile.name, phone: profile.phone ?? "", company: profile.company ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card id="your-details">
      <CardHeader>
        <CardTitle asChild>
          <h2>Your details</h2>
        </CardTitle>
        <CardDescription>
          {`You sign in as ${profile.email}. Your account was opened on ${formatNzDate(profile.createdAt)}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid max-w-lg gap-4">
          <input type="hidden" name="intent" value="save-profile" />
          <FormAlert errors={form.errors} />
          <FormField label="Name" errors={fields.name.errors} errorId={fields.name.errorId}>
            <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
          </FormField>
          <FormField label="Phone" errors={fields.phone.errors} errorId={fields.phone.errorId}>
            <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" />
          </FormField>
          <FormField label="Company" errors={fields.company.errors} errorId={fields.company.errorId}>
            <Input {...getInputProps(fields.company, { type: "text" })} autoComplete="organization" />
          </FormField>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Saving..." : "Save details"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
