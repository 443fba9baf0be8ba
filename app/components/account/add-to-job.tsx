// "Add to job" on a product's page, for a signed-in customer with active jobs: choose the job and
// the quantity. A plain form post to /account/job-items, which sends the browser back here with a
// message, so it works without JavaScript.
import { useId } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { JOB_MAX_QUANTITY } from "~/modules/jobs/limits";

const ACTION = "/account/job-items";

type AddToJobProps = { product: { id: string; name: string }; jobs: { id: string; name: string }[] };

export function AddToJob({ product, jobs }: AddToJobProps) {
  const location = useLocation();
  const busy = useNavigation().formAction === ACTION;
  const jobId = useId();
  const quantityId = useId();
  if (jobs.length === 0) return null;
  return (
    <Form method="post" action={ACTION} className="grid gap-2 rounded-lg border p-3">
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#product`} />
      <div className="grid grid-cols-[1fr_6rem] items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={jobId}>Job</Label>
          <NativeSelect id={jobId} name="jobId">
            {jobs.map((job) => (
              <NativeSelectOption key={job.id} value={job.id}>
                {job.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={quantityId}>
            Quantity<span className="sr-only"> for the job</span>
          </Label>
          <Input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={JOB_MAX_QUANTITY}
            step={1}
            required
            defaultValue={1}
          />
        </div>
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Adding..." : "Add to job"}
        <span className="sr-only">{` for ${product.name}`}</span>
      </Button>
    </Form>
  );
}
