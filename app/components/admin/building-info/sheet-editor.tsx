// The building product information sheet's form. Once JavaScript runs, it shows the parts that
// matter for the classification and responsibility chosen (a reseller links to the
// manufacturer's published information; an importer names the overseas manufacturer); with
// JavaScript off every part shows. Hidden parts keep their values and are saved with the rest.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/admin/form-messages";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { FormField } from "~/components/forms/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BUILDING_INFO_RESPONSIBILITIES, BUILDING_PRODUCT_CLASSES } from "~/lib/vocabulary";
import {
  CLASSIFICATION_LABELS,
  RESPONSIBILITY_LABELS,
  sheetFormSchema,
} from "~/modules/compliance/sheet.schema";
import type { SheetFormValues } from "~/modules/compliance/sheets.server";
import { ChoiceField } from "./choice-field";
import { CodeClausesList, EvidenceList, IdentifiersList } from "./sheet-list-sections";

function Section(props: { title: string; description?: string; hidden?: boolean; children: ReactNode }) {
  return (
    <Card hidden={props.hidden}>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">{props.title}</h2>
        </CardTitle>
        {props.description ? <CardDescription>{props.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{props.children}</CardContent>
    </Card>
  );
}

const wide = "sm:col-span-2";

export function SheetEditor(props: {
  defaultValue: SheetFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "building-info-sheet",
    lastResult: busy ? undefined : props.lastResult,
    defaultValue: props.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sheetFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const classification = fields.classification.value ?? props.defaultValue.classification;
  const responsibility = fields.responsibility.value ?? props.defaultValue.responsibility;
  const designated = classification === "class_1" || classification === "class_2";
  const writes = designated && responsibility !== "reseller";
  // With JavaScript off nothing is hidden: the choice cannot change what is shown.
  const hide = (shown: boolean) => hydrated && !shown;

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <FormError form={form} />
      <Section title="Product and classification">
        <TextField field={fields.title} label="Title" required className={wide} />
        <ChoiceField
          field={fields.classification}
          label="Classification"
          values={BUILDING_PRODUCT_CLASSES}
          labels={CLASSIFICATION_LABELS}
        />
        <ChoiceField
          field={fields.responsibility}
          label="Responsibility"
          values={BUILDING_INFO_RESPONSIBILITIES}
          labels={RESPONSIBILITY_LABELS}
        />
        <div className={wide} hidden={hide(classification === "exempt_other")}>
          <TextareaField field={fields.exemptReason} label="Reason for the exemption" rows={2} />
        </div>
        <div className={wide} hidden={hide(responsibility === "reseller" || !!fields.sourceUrl.value)}>
          <TextField
            field={fields.sourceUrl}
            label="Manufacturer's published information (address)"
            hint="A reseller links to the information the manufacturer or importer has published."
            type="url"
          />
        </div>
        <FormField
          label="Date last reviewed"
          errors={fields.reviewedOn.errors}
          errorId={fields.reviewedOn.errorId}
        >
          <Input {...getInputProps(fields.reviewedOn, { type: "date" })} key={fields.reviewedOn.key} />
        </FormField>
      </Section>

      <Section
        title="Identifiers"
        description="SKU, model, GTIN (barcode) or another code for each product the sheet covers."
      >
        <div className={wide}>
          <IdentifiersList form={form} field={fields.identifiers} />
        </div>
      </Section>

      <Section title="Description and use" hidden={hide(writes)}>
        <TextareaField field={fields.description} label="Description" rows={3} className={wide} />
        <TextareaField field={fields.intendedUse} label="Intended use" rows={3} className={wide} />
        <TextareaField field={fields.scopeOfUse} label="Scope of use" rows={3} className={wide} />
      </Section>

      <Section title="New Zealand responsible party" hidden={hide(writes)}>
        <TextField field={fields.partyLegalName} label="Legal name" />
        <TextField field={fields.partyNzbn} label="NZBN (13 digits)" inputMode="numeric" />
        <TextareaField
          field={fields.partyTradingNames}
          label="Trading names (one a line)"
          rows={2}
          className={wide}
        />
        <TextareaField field={fields.partyAddress} label="Address" rows={2} className={wide} />
        <TextField field={fields.partyPhone} label="Phone" />
        <TextField field={fields.partyEmail} label="E-mail" type="email" />
        <TextField field={fields.partyWebsite} label="Website" type="url" className={wide} />
      </Section>

      <Section
        title="Overseas manufacturer"
        description="For an imported product."
        hidden={hide(writes && (responsibility === "importer" || !!fields.manufacturerName.value))}
      >
        <TextField field={fields.manufacturerName} label="Manufacturer's name" />
        <TextField field={fields.manufacturerCountry} label="Country" />
        <TextareaField
          field={fields.manufacturerAddress}
          label="Manufacturer's address"
          rows={2}
          className={wide}
        />
        <TextField
          field={fields.manufacturerWebsite}
          label="Manufacturer's website"
          type="url"
          className={wide}
        />
      </Section>

      <Section title="Building Code clauses" hidden={hide(writes)}>
        <div className={wide}>
          <CodeClausesList form={form} field={fields.codeClauses} />
        </div>
      </Section>

      <Section
        title="Design, installation and maintenance"
        description="Write the requirements, or give the address of a document that holds them."
        hidden={hide(writes)}
      >
        <TextareaField
          field={fields.designRequirements}
          label="Design requirements"
          rows={3}
          className={wide}
        />
        <TextareaField
          field={fields.installationRequirements}
          label="Installation requirements"
          rows={3}
          className={wide}
        />
        <TextareaField
          field={fields.maintenanceRequirements}
          label="Maintenance requirements"
          rows={3}
          className={wide}
        />
        <TextField
          field={fields.requirementsDocumentUrl}
          label="Requirements document (address)"
          type="url"
          className={wide}
        />
        <TextareaField
          field={fields.warnings}
          label="Warning or ban under section 26 of the Building Act"
          hint="Leave empty when none applies."
          rows={2}
          className={wide}
        />
      </Section>

      <Section title="Supporting evidence" hidden={hide(writes)}>
        <div className={wide}>
          <EvidenceList form={form} field={fields.evidence} />
        </div>
      </Section>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? "Saving..." : "Save Sheet"}
        </Button>
      </div>
    </Form>
  );
}
