// Settings > Search: the synonyms search applies, one entry a line (two-way `ply, plywood`,
// one-way `gib => plasterboard`). A saved list takes effect at the next search on every instance;
// the standard trade list is in force until one is saved, and can be put back in the box.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import type { z } from "zod";
import { FormError } from "~/components/admin/form-messages";
import { TextareaField } from "~/components/admin/text-field";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export function SearchSynonymsForm(props: {
  text: string;
  entries: number;
  standard: boolean;
  restoring: boolean;
  schema: z.ZodType;
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm<{ synonyms: string }>({
    id: "search-synonyms",
    lastResult: busy ? undefined : fetcher.data?.result,
    defaultValue: { synonyms: props.text },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: props.schema }) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <section aria-labelledby="search-synonyms-heading" className="max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="search-synonyms-heading">Search synonyms</h2>
          </CardTitle>
          <CardDescription>
            Words customers type for the same thing, so a search for one finds products named with another.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm" aria-live="polite">
            {props.restoring
              ? "The standard trade list is in the box below. Save to put it in force."
              : props.standard
                ? `The standard trade list is in force (${props.entries} entries); saving makes it your own.`
                : `Your list is in force (${props.entries} entries).`}
          </p>
          <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
            <input type="hidden" name="intent" value="save-search-synonyms" />
            <FormError form={form} />
            <TextareaField
              field={fields.synonyms}
              label="Synonyms, one entry a line"
              hint="Two-way: terms separated by commas find each other (ply, plywood). One-way: the term before => also finds the terms after it, not the reverse (gib => plasterboard). A line starting with # is a note. Changes apply to the next search."
              rows={16}
              autoComplete="off"
              spellCheck={false}
            />
            <div className="flex flex-wrap items-center gap-2 border-t pt-4">
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Synonyms"}
              </Button>
              {/* A link, so it also works without JavaScript: the loader fills the box with the standard list. */}
              <Button asChild variant="outline">
                <Link to="?tab=search&standard=1" preventScrollReset>
                  Put Back the Standard List
                </Link>
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
    </section>
  );
}
