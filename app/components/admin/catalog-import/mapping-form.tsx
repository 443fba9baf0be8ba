// An import's second step: which product field each column of the sheet fills (suggested from
// the headers, or from a saved profile that fits them), what the import does, and the dry run.
// The mapping can be saved under a name and is offered for the next file with those headers.
// A plain form: every choice is a real control, so it works without JavaScript.
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { IMPORT_MODES, type ImportMode } from "~/lib/vocabulary";
import { IMPORT_MODE_LABELS } from "~/modules/catalog-import/schema";
import { SHEET_COLUMNS } from "~/modules/catalog-sheet/columns";

export type MappingColumn = { index: number; header: string; field: string | null };

export type MappingFormProps = {
  columns: MappingColumn[];
  profiles: { id: string; name: string }[];
  /** The saved profile the mapping comes from (chosen, or offered because it fits the headers). */
  profile: { id: string; name: string } | null;
  mode: ImportMode;
  createMissing: boolean;
  stopAtFirstProblem: boolean;
  formError?: string;
  profileNameError?: string;
};

function columnName(column: MappingColumn) {
  return column.header || `Column ${column.index + 1} (no header)`;
}

/** What the sheet cannot do with this mapping: make new products without a name or a price. */
function missingForNew(columns: MappingColumn[]) {
  const mapped = new Set(columns.map((c) => c.field));
  return SHEET_COLUMNS.filter((c) => (c.field === "name" || c.field === "price") && !mapped.has(c.field)).map(
    (c) => c.header,
  );
}

export function MappingForm(props: MappingFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const missing = missingForNew(props.columns);
  return (
    <Form method="post" className="grid gap-6" aria-label="Match the columns">
      <section className="grid gap-2" aria-labelledby="profiles-heading">
        <h2 id="profiles-heading" className="font-semibold text-lg">
          Saved column profiles
        </h2>
        {props.profile ? (
          <p className="text-sm">
            The columns are matched as the profile <strong>{props.profile.name}</strong> matches them.
          </p>
        ) : null}
        {props.profiles.length > 0 ? (
          <ul className="flex flex-wrap gap-2 text-sm">
            {props.profiles.map((profile) => (
              <li key={profile.id}>
                <Link
                  to={`?profile=${profile.id}`}
                  aria-current={profile.id === props.profile?.id ? "true" : undefined}
                  className="underline underline-offset-4"
                >
                  Use “{profile.name}”
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">None yet: save this mapping below to use it again.</p>
        )}
      </section>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-lg">Columns</legend>
        <p className="text-muted-foreground text-sm">
          Each column of the sheet and the product field it fills. A column that is not imported is still in
          the report.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {props.columns.map((column) => (
            <li key={column.index} className="grid gap-1">
              <Label htmlFor={`field-${column.index}`} className="wrap-anywhere">
                {columnName(column)}
              </Label>
              <NativeSelect
                id={`field-${column.index}`}
                name={`fields[${column.index}]`}
                defaultValue={column.field ?? ""}
              >
                <NativeSelectOption value="">Not imported</NativeSelectOption>
                {SHEET_COLUMNS.map((option) => (
                  <NativeSelectOption key={option.field} value={option.field}>
                    {option.header}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </li>
          ))}
        </ul>
        {missing.length > 0 ? (
          <p className="text-sm">
            No column is matched to {missing.join(" or ")}: rows for new products will be refused.
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold text-lg">What the import does</legend>
        {IMPORT_MODES.map((mode) => (
          <div key={mode} className="flex items-center gap-2">
            <input
              type="radio"
              id={`mode-${mode}`}
              name="mode"
              value={mode}
              defaultChecked={props.mode === mode}
              className="size-4 accent-primary"
            />
            <Label htmlFor={`mode-${mode}`}>{IMPORT_MODE_LABELS[mode]}</Label>
          </div>
        ))}
        <p className="text-muted-foreground text-sm">
          Rows are matched to products by stock code, else by exact name. A blank cell leaves a field as it
          is; (clear) empties it.
        </p>
        <div className="mt-2 flex items-center gap-2">
          <NativeCheckbox id="create-missing" name="createMissing" defaultChecked={props.createMissing} />
          <Label htmlFor="create-missing">Create missing categories and brands</Label>
        </div>
        <div className="flex items-center gap-2">
          <NativeCheckbox
            id="stop-at-first"
            name="stopAtFirstProblem"
            defaultChecked={props.stopAtFirstProblem}
          />
          <Label htmlFor="stop-at-first">Stop at the first problem</Label>
        </div>
      </fieldset>

      {props.formError ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-destructive text-sm">
          {props.formError}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" name="intent" value="plan" disabled={busy}>
          Check the file (dry run)
        </Button>
        <span className="text-muted-foreground text-sm">Nothing is written to the catalogue yet.</span>
      </div>

      <section className="grid gap-2 border-t pt-4" aria-labelledby="save-profile-heading">
        <h2 id="save-profile-heading" className="font-semibold text-lg">
          Save this mapping
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="profile-name">Profile name</Label>
            <Input
              id="profile-name"
              name="profileName"
              maxLength={100}
              className="w-64"
              defaultValue={props.profile?.name ?? ""}
              aria-invalid={props.profileNameError ? true : undefined}
              aria-describedby={props.profileNameError ? "profile-name-error" : undefined}
            />
          </div>
          <Button type="submit" name="intent" value="save-profile" variant="outline" disabled={busy}>
            Save profile
          </Button>
        </div>
        {props.profileNameError ? (
          <p id="profile-name-error" className="font-medium text-destructive text-sm">
            {props.profileNameError}
          </p>
        ) : null}
      </section>
    </Form>
  );
}
