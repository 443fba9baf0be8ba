// The fields of the Add/Edit Contact Content dialog (/admin/contact), inside an EntityDialog.
import type { EntityFields } from "~/components/admin/entity-dialog";
import { TextareaField, TextField } from "~/components/admin/text-field";
import type { contactContentFormSchema } from "~/modules/content/contact-content.schema";

const CONTENT_TYPES = ["contact_info", "hero", "business_hours", "social_links"];

// JSON and embed code are typed, not prose: no spell-check squiggles, a monospaced face.
const CODE = { className: "[&_textarea]:font-mono [&_textarea]:text-xs", spellCheck: false } as const;

export function ContactContentFields({ fields }: { fields: EntityFields<typeof contactContentFormSchema> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        field={fields.contentType}
        label="Content type"
        hint="For example contact_info, hero, business_hours or social_links"
        list="contact-content-types"
        required
      />
      <datalist id="contact-content-types">
        {CONTENT_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <TextField field={fields.title} label="Title" />
      <TextField field={fields.subtitle} label="Subtitle" className="sm:col-span-2" />
      <TextField field={fields.phone} label="Phone" autoComplete="off" />
      <TextField field={fields.email} label="Email" type="email" autoComplete="off" />
      <TextareaField field={fields.address} label="Address" rows={2} className="sm:col-span-2" />
      <TextareaField
        field={fields.businessHours}
        label="Business hours (JSON)"
        hint='For example {"Mon-Fri": "7AM-5PM", "Sat": "8AM-2PM"}; leave empty for none'
        rows={4}
        {...CODE}
      />
      <TextareaField
        field={fields.socialLinks}
        label="Social links (JSON)"
        hint='For example {"facebook": "https://facebook.com/…"}; leave empty for none'
        rows={4}
        {...CODE}
      />
      <TextareaField
        field={fields.mapEmbedCode}
        label="Map embed"
        hint="A Google Maps embed URL (https://www.google.com/maps/embed?…) or the <iframe> code Google gives; only its URL is kept"
        rows={3}
        spellCheck={false}
        className={`sm:col-span-2 ${CODE.className}`}
      />
    </div>
  );
}
