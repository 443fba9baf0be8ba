// "Add a catalogue product" in the quote builder: a combobox over the catalogue's search (drafts
// included); choosing a product adds it as a line (its name, brand, stock code, unit and price)
// and empties the box for the next one. Lines can still be added by hand with Add Line.
import { useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useCombobox } from "~/components/ui/use-combobox";
import { PICKER_MIN_LENGTH, type PickerLine, type PickerOption } from "~/modules/quotes/product-picker";

async function loadProducts(q: string, signal: AbortSignal) {
  const response = await fetch(`/admin/quote-products?q=${encodeURIComponent(q)}`, { signal });
  return response.ok ? ((await response.json()) as PickerOption[]) : null;
}

export function ProductPicker({ onPick }: { onPick: (line: PickerLine) => void }) {
  const [term, setTerm] = useState("");
  const combobox = useCombobox<PickerOption>({
    term,
    minLength: PICKER_MIN_LENGTH,
    load: loadProducts,
    choose: (option) => {
      onPick(option.line);
      setTerm("");
    },
    label: "Catalogue products",
    render: (option) => (
      <span className="grid min-w-0">
        <span className="truncate font-medium">{option.label}</span>
        <span className="truncate text-stone-600 text-xs">{option.detail}</span>
      </span>
    ),
  });
  return (
    <div className="grid max-w-xl gap-1.5">
      <Label htmlFor="quote-product-picker">Add a catalogue product</Label>
      <div className="relative">
        <Input
          id="quote-product-picker"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Name, stock code or trade words..."
          maxLength={100}
          // Enter in this box never sends the quote: it only chooses a product.
          onKeyDownCapture={(event) => {
            if (event.key === "Enter") event.preventDefault();
          }}
          {...combobox.inputProps}
        />
        {combobox.popup}
      </div>
    </div>
  );
}
