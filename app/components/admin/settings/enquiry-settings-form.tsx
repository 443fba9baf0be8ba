// Settings > Enquiries: who gets the staff e-mail for each enquiry (one address per line; empty
// means every active admin, listed here so the admin sees who that is today) and how many
// months the attachments of closed enquiries are kept before the server deletes them.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { FormError } from "~/components/admin/form-messages";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { EnquirySettings } from "~/modules/settings/enquiry-settings";

type Fields = { notificationRecipients: string; attachmentRetentionMonths: string };

export function EnquirySettingsForm(props: {
  saved: EnquirySettings | null;
  activeAdmins: string[];
  schema: z.ZodType;
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm<Fields>({
    id: "enquiry-settings",
    lastResult: busy ? undefined : fetcher.data?.result,
    defaultValue: props.saved
      ? {
          notificationRecipients: props.saved.notificationRecipients.join("\n"),
          attachmentRetentionMonths: String(props.saved.attachmentRetentionMonths),
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: props.schema }) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const admins = props.activeAdmins;

  return (
    <section aria-labelledby="enquiry-settings-heading" className="max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="enquiry-settings-heading">Enquiries</h2>
          </CardTitle>
          <CardDescription>
            Who is told about each new enquiry by e-mail, and how long attachments are kept.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {props.saved ? null : (
            <p
              role="alert"
              className="mb-4 rounded-md border border-destructive/50 p-3 text-destructive text-sm"
            >
              The saved enquiry settings could not be loaded. Saving replaces them.
            </p>
          )}
          <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
            <input type="hidden" name="intent" value="save-enquiry-settings" />
            <FormError form={form} />
            <TextareaField
              field={fields.notificationRecipients}
              label="Notification recipients"
              hint="One e-mail address per line. Leave it empty to notify every active admin."
              rows={4}
              autoComplete="off"
              spellCheck={false}
            />
            <div className="grid gap-1 text-sm">
              <p className="font-medium">Every active admin, today</p>
              {admins.length > 0 ? (
                <ul aria-label="Active admins" className="list-inside list-disc text-muted-foreground">
                  {admins.map((email) => (
                    <li key={email} className="break-all">
                      {email}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground">
                  There is no active admin: with no recipients above, staff get no e-mail.
                </p>
              )}
            </div>
            <TextField
              field={fields.attachmentRetentionMonths}
              label="Keep attachments of closed enquiries for (months)"
              hint="From 1 to 120. Once an enquiry has been closed (Won, Lost or Spam) for this long, the server deletes its attachment; the enquiry itself is kept."
              type="number"
              min="1"
              max="120"
              step="1"
              inputMode="numeric"
            />
            <div className="border-t pt-4">
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Settings"}
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
    </section>
  );
}
