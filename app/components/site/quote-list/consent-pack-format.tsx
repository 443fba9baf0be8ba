// The consent pack form's choice of format: one PDF, or a ZIP with each document its own file.
import { LABEL } from "./consent-pack-fields";

const RADIO = "flex items-center gap-2 text-sm";

export function ConsentPackFormat() {
  return (
    <fieldset className="grid gap-1.5">
      <legend className={`mb-1.5 ${LABEL}`}>Format</legend>
      <label className={RADIO}>
        <input type="radio" name="format" value="pdf" defaultChecked className="size-4 accent-primary" />
        PDF: one file with an index and page numbers
      </label>
      <label className={RADIO}>
        <input type="radio" name="format" value="zip" className="size-4 accent-primary" />
        ZIP: each document its own file, with the index as a PDF
      </label>
    </fieldset>
  );
}
