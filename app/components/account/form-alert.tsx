/** A form's own message (not a field's): the first one, read out as it appears. */
export function FormAlert({ errors }: { errors: string[] | undefined }) {
  return errors?.length ? (
    <p role="alert" className="text-destructive text-sm">
      {errors[0]}
    </p>
  ) : null;
}
