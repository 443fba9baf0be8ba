// The sheet editor's lists: identifiers, Building Code clauses and supporting evidence. Rows are
// added and removed with Conform's list intents, which are submit buttons: with JavaScript off
// the server answers with the list changed and nothing saved.
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { PlusIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { COMPLIANCE_PATHWAYS, PRODUCT_IDENTIFIER_KINDS } from "~/lib/vocabulary";
import { IDENTIFIER_LABELS, PATHWAY_LABELS, type SheetFormShape } from "~/modules/compliance/sheet.schema";
import { TextareaField, TextField } from "../text-field";
import { ChoiceField } from "./choice-field";

type Form = FormMetadata<SheetFormShape, string[]>;
type ListField<Key extends "identifiers" | "codeClauses" | "evidence"> = FieldMetadata<
  SheetFormShape[Key],
  SheetFormShape,
  string[]
>;

function ListErrors({ field }: { field: { errors?: string[]; errorId: string } }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="font-medium text-destructive text-sm">
      {field.errors[0]}
    </p>
  );
}

function RemoveButton(props: { form: Form; name: string; index: number; label: string }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Remove ${props.label}`}
      {...props.form.remove.getButtonProps({ name: props.name, index: props.index })}
    >
      <Trash2Icon aria-hidden />
    </Button>
  );
}

function AddButton(props: { children: ReactNode } & ReturnType<Form["insert"]["getButtonProps"]>) {
  const { children, ...button } = props;
  return (
    <div>
      <Button variant="outline" {...button}>
        <PlusIcon aria-hidden />
        {children}
      </Button>
    </div>
  );
}

export function IdentifiersList({ form, field }: { form: Form; field: ListField<"identifiers"> }) {
  const rows = field.getFieldList();
  return (
    <div className="grid gap-3">
      <ListErrors field={field} />
      {rows.length === 0 ? <p className="text-muted-foreground text-sm">No identifiers yet.</p> : null}
      <ol className="grid gap-3">
        {rows.map((row, index) => {
          const item = row.getFieldset();
          return (
            <li key={row.key} className="grid items-end gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto]">
              <ChoiceField
                field={item.kind}
                label={`Identifier ${index + 1}: kind`}
                values={PRODUCT_IDENTIFIER_KINDS}
                labels={IDENTIFIER_LABELS}
              />
              <TextField field={item.value} label={`Identifier ${index + 1}: value`} autoComplete="off" />
              <RemoveButton form={form} name={field.name} index={index} label={`identifier ${index + 1}`} />
            </li>
          );
        })}
      </ol>
      <AddButton
        {...form.insert.getButtonProps({ name: field.name, defaultValue: { kind: "sku", value: "" } })}
      >
        Add Identifier
      </AddButton>
    </div>
  );
}

export function CodeClausesList({ form, field }: { form: Form; field: ListField<"codeClauses"> }) {
  const rows = field.getFieldList();
  return (
    <div className="grid gap-3">
      <ListErrors field={field} />
      {rows.length === 0 ? <p className="text-muted-foreground text-sm">No clauses yet.</p> : null}
      <ol className="grid gap-4">
        {rows.map((row, index) => {
          const item = row.getFieldset();
          const label = `Clause ${index + 1}`;
          return (
            <li key={row.key} className="grid gap-3 rounded-lg border p-3">
              <div className="grid items-end gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto]">
                <TextField
                  field={item.clause}
                  label={`${label}: clause`}
                  placeholder="B2"
                  autoComplete="off"
                />
                <ChoiceField
                  field={item.pathway}
                  label={`${label}: compliance pathway`}
                  values={COMPLIANCE_PATHWAYS}
                  labels={PATHWAY_LABELS}
                />
                <RemoveButton form={form} name={field.name} index={index} label={label.toLowerCase()} />
              </div>
              <TextareaField
                field={item.contribution}
                label={`${label}: how the product contributes`}
                rows={2}
              />
              <TextareaField field={item.limitations} label={`${label}: limitations`} rows={2} />
            </li>
          );
        })}
      </ol>
      <AddButton
        {...form.insert.getButtonProps({
          name: field.name,
          defaultValue: { clause: "", contribution: "", limitations: "", pathway: "acceptable_solution" },
        })}
      >
        Add Clause
      </AddButton>
    </div>
  );
}

export function EvidenceList({ form, field }: { form: Form; field: ListField<"evidence"> }) {
  const rows = field.getFieldList();
  return (
    <div className="grid gap-3">
      <ListErrors field={field} />
      {rows.length === 0 ? <p className="text-muted-foreground text-sm">No documents yet.</p> : null}
      <ol className="grid gap-3">
        {rows.map((row, index) => {
          const item = row.getFieldset();
          return (
            <li
              key={row.key}
              className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
            >
              <TextField field={item.title} label={`Document ${index + 1}: title`} />
              <TextField field={item.url} label={`Document ${index + 1}: address`} type="url" />
              <RemoveButton form={form} name={field.name} index={index} label={`document ${index + 1}`} />
            </li>
          );
        })}
      </ol>
      <AddButton {...form.insert.getButtonProps({ name: field.name, defaultValue: { title: "", url: "" } })}>
        Add Document
      </AddButton>
    </div>
  );
}
