// A job's details: the form that starts a job, and the one that edits a job (with its status).
// A plain form post, so it works without JavaScript; with it, Conform checks the fields first.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { JobStatus } from "~/lib/vocabulary";
import { createJobSchema, saveJobSchema } from "~/modules/jobs/schema";
import { FormAlert } from "./form-alert";
import { useIntentResult } from "./use-intent-result";

type Job = {
  name: string;
  siteAddress: string;
  client: string | null;
  notes: string | null;
  status: JobStatus;
};

type JobFormProps = { mode: "create" } | { mode: "edit"; job: Job };

export function JobForm(props: JobFormProps) {
  const editing = props.mode === "edit";
  const intent = editing ? "save-job" : "create-job";
  const schema = editing ? saveJobSchema : createJobSchema;
  const job = editing ? props.job : null;
  const busy = useNavigation().formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: intent,
    lastResult: useIntentResult(intent),
    defaultValue: job
      ? {
          name: job.name,
          siteAddress: job.siteAddress,
          client: job.client ?? "",
          notes: job.notes ?? "",
          status: job.status,
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{editing ? "Job details" : "Start a job"}</h2>
        </CardTitle>
        <CardDescription>
          {editing
            ? "A finished job is kept, and can still be copied to a new one."
            : "A job keeps the products for one building site, with quantities and notes."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid max-w-lg gap-4">
          <input type="hidden" name="intent" value={intent} />
          <FormAlert errors={form.errors} />
          <FormField label="Job name" errors={fields.name.errors} errorId={fields.name.errorId}>
            <Input {...getInputProps(fields.name, { type: "text" })} maxLength={120} />
          </FormField>
          <FormField
            label="Site address"
            errors={fields.siteAddress.errors}
            errorId={fields.siteAddress.errorId}
          >
            <Input
              {...getInputProps(fields.siteAddress, { type: "text" })}
              maxLength={300}
              autoComplete="off"
            />
          </FormField>
          <FormField label="Client (optional)" errors={fields.client.errors} errorId={fields.client.errorId}>
            <Input {...getInputProps(fields.client, { type: "text" })} maxLength={120} />
          </FormField>
          <FormField label="Notes (optional)" errors={fields.notes.errors} errorId={fields.notes.errorId}>
            <Textarea {...getTextareaProps(fields.notes)} maxLength={2000} rows={3} />
          </FormField>
          {editing ? (
            <FormField label="Status" errors={fields.status.errors} errorId={fields.status.errorId}>
              <NativeSelect {...getSelectProps(fields.status)}>
                <NativeSelectOption value="active">Active</NativeSelectOption>
                <NativeSelectOption value="finished">Finished</NativeSelectOption>
              </NativeSelect>
            </FormField>
          ) : null}
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Saving..." : editing ? "Save job" : "Create job"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
