// The offer to keep the browser's quote list in a job: a new job (its name and site), or one of
// the customer's active jobs, or not now. Nothing is merged until the customer chooses; the list
// is emptied only once it is saved. The forms post to the jobs page, without JavaScript too.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { saveListExistingSchema, saveListNewSchema } from "~/modules/jobs/schema";
import { FormAlert } from "./form-alert";
import { useIntentResult } from "./use-intent-result";

const ACTION = "/account/jobs";

type Offer = { count: number; jobs: { id: string; name: string }[] };

function IntoNewJob() {
  const [form, fields] = useForm({
    id: "save-list-new",
    lastResult: useIntentResult("save-list-new"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveListNewSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={ACTION} {...getFormProps(form)} className="grid content-start gap-3">
      <h3 className="font-semibold">Into a new job</h3>
      <input type="hidden" name="intent" value="save-list-new" />
      <FormAlert errors={form.errors} />
      <FormField label="Job name" errors={fields.name.errors} errorId={fields.name.errorId}>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={120} />
      </FormField>
      <FormField label="Site address" errors={fields.siteAddress.errors} errorId={fields.siteAddress.errorId}>
        <Input {...getInputProps(fields.siteAddress, { type: "text" })} maxLength={300} />
      </FormField>
      <Button type="submit" className="justify-self-start">
        Save into a new job
      </Button>
    </Form>
  );
}

function IntoExistingJob({ jobs }: { jobs: Offer["jobs"] }) {
  const [form, fields] = useForm({
    id: "save-list-existing",
    lastResult: useIntentResult("save-list-existing"),
    defaultValue: { jobId: jobs[0]?.id },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveListExistingSchema }),
  });
  return (
    <Form method="post" action={ACTION} {...getFormProps(form)} className="grid content-start gap-3">
      <h3 className="font-semibold">Into one of your jobs</h3>
      <input type="hidden" name="intent" value="save-list-existing" />
      <FormAlert errors={form.errors} />
      <FormField label="Job" errors={fields.jobId.errors} errorId={fields.jobId.errorId}>
        <NativeSelect {...getSelectProps(fields.jobId)}>
          {jobs.map((job) => (
            <NativeSelectOption key={job.id} value={job.id}>
              {job.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </FormField>
      <p className="text-muted-foreground text-sm">
        A product already on the job gets the two quantities added together (at most 9999); the other products
        are added at the end of its list.
      </p>
      <Button type="submit" variant="secondary" className="justify-self-start">
        Save into this job
      </Button>
    </Form>
  );
}

export function QuoteListOfferCard({ offer, returnTo }: { offer: Offer; returnTo: string }) {
  const products = `${offer.count} product${offer.count === 1 ? "" : "s"}`;
  return (
    <Card aria-labelledby="quote-list-offer-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="quote-list-offer-heading">{`Save your quote list (${products}) into a job`}</h2>
        </CardTitle>
        <CardDescription>
          This browser holds a quote list. Keep it with a job so it is in your account on any device; the
          quote list is emptied once it is saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-6 md:grid-cols-2">
          <IntoNewJob />
          {offer.jobs.length > 0 ? <IntoExistingJob jobs={offer.jobs} /> : null}
        </div>
        <Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="not-now" />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <Button type="submit" variant="ghost">
            Not now
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
