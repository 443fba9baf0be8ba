// "Copy to a new job" (the same list for the next house: the new job's name and site are asked)
// and deleting a job, confirmed by a ticked box so it works without JavaScript.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { copyJobSchema } from "~/modules/jobs/schema";
import { FormAlert } from "./form-alert";
import { formMessage, useIntentResult } from "./use-intent-result";

type Job = { name: string };

export function CopyJobForm({ job }: { job: Job }) {
  const busy = useNavigation().formData?.get("intent") === "copy-job";
  const [form, fields] = useForm({
    id: "copy-job",
    lastResult: useIntentResult("copy-job"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: copyJobSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Copy to a new job</h2>
        </CardTitle>
        <CardDescription>
          {`Same as the last house: a new job with the client and the product list of ${job.name}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid max-w-lg gap-4">
          <input type="hidden" name="intent" value="copy-job" />
          <FormAlert errors={form.errors} />
          <FormField label="New job name" errors={fields.name.errors} errorId={fields.name.errorId}>
            <Input {...getInputProps(fields.name, { type: "text" })} maxLength={120} />
          </FormField>
          <FormField
            label="New site address"
            errors={fields.siteAddress.errors}
            errorId={fields.siteAddress.errorId}
          >
            <Input {...getInputProps(fields.siteAddress, { type: "text" })} maxLength={300} />
          </FormField>
          <Button type="submit" variant="secondary" disabled={busy} className="justify-self-start">
            {busy ? "Copying..." : "Copy to a new job"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export function DeleteJobForm({ job }: { job: Job }) {
  const result = useIntentResult("delete-job");
  const message = formMessage(result?.error?.confirm ?? result?.error?.[""] ?? undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Delete this job</h2>
        </CardTitle>
        <CardDescription>The job and its product list are deleted for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="delete-job" />
          <div className="flex items-start gap-2">
            <NativeCheckbox
              id="confirm-delete"
              name="confirm"
              value="yes"
              required
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? "confirm-delete-error" : undefined}
              wrapperClassName="mt-0.5"
            />
            <Label htmlFor="confirm-delete">{`Yes, delete ${job.name} and its list`}</Label>
          </div>
          {message ? (
            <p id="confirm-delete-error" role="alert" className="text-destructive text-sm">
              {message}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" className="justify-self-start">
            Delete job
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
