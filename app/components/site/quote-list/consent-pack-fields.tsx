// The consent pack form's fields: the job's name, site address and "needed until" date (all
// optional). A job on file (a customer's) is `named` as it is instead of asked.
import type { ReactNode } from "react";
import { Input } from "~/components/ui/input";
import { JOB_NAME_MAX, SITE_ADDRESS_MAX } from "~/modules/consent-pack/limits";

export const LABEL = "font-medium text-sm";

export function ConsentPackFields({ id, named }: { id: string; named?: ReactNode }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {named ?? (
        <>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-job`} className={LABEL}>
              Job name
            </label>
            <Input id={`${id}-job`} name="job" maxLength={JOB_NAME_MAX} autoComplete="off" />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-site`} className={LABEL}>
              Site address
            </label>
            <Input id={`${id}-site`} name="site" maxLength={SITE_ADDRESS_MAX} autoComplete="street-address" />
          </div>
        </>
      )}
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-until`} className={LABEL}>
          Certificates needed until
        </label>
        <Input id={`${id}-until`} name="until" type="date" aria-describedby={`${id}-until-hint`} />
        <p id={`${id}-until-hint`} className="text-muted-foreground text-xs">
          The index warns of any certificate that expires before this date.
        </p>
      </div>
    </div>
  );
}
