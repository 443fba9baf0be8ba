// The products a certificate covers: a checkbox per product, with a filter box that hides the
// ones whose name does not match (hidden ones stay in the form and keep their choice), so a
// catalogue of a few hundred products stays usable. Without JavaScript every box is shown.
import type { FieldMetadata } from "@conform-to/react";
import { useId, useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

export type CoverableProduct = { id: string; name: string };

function initialIds(value: unknown): Set<string> {
  if (Array.isArray(value)) return new Set(value.filter((id): id is string => typeof id === "string"));
  return typeof value === "string" && value ? new Set([value]) : new Set();
}

export function CoveredProductsField(props: {
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  products: readonly CoverableProduct[];
  className?: string;
}) {
  const { field } = props;
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState(() => initialIds(field.initialValue));
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? props.products.filter((product) => product.name.toLowerCase().includes(needle)).length
    : props.products.length;

  function toggle(id: string, on: boolean) {
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <fieldset className={cn("grid gap-2 rounded-md border p-3", props.className)}>
      <legend className="px-1 font-medium text-sm">Products covered</legend>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        {chosen.size === 0 ? "No products chosen" : `${chosen.size} chosen`}
        {needle ? ` · ${shown} of ${props.products.length} shown` : ""}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={filterId}>Filter products</Label>
        <Input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          placeholder="Type part of a product name"
          autoComplete="off"
        />
      </div>
      {props.products.length === 0 ? (
        <p className="text-muted-foreground text-sm">There are no products yet.</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2">
          {props.products.map((product) => {
            const id = `${field.id}-${product.id}`;
            return (
              <li
                key={product.id}
                hidden={needle !== "" && !product.name.toLowerCase().includes(needle)}
                className="flex items-center gap-2"
              >
                <input
                  id={id}
                  type="checkbox"
                  name={field.name}
                  value={product.id}
                  checked={chosen.has(product.id)}
                  onChange={(event) => toggle(product.id, event.currentTarget.checked)}
                  className="size-4 accent-primary"
                />
                <label htmlFor={id} className="text-sm">
                  {product.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {field.errors?.length ? (
        <p id={field.errorId} className="font-medium text-destructive text-sm">
          {field.errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
