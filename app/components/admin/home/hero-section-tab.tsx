// Home Management > Hero Section: view mode (the saved hero and an Edit link) and edit mode (the
// form beside a live preview). Both modes are URLs (?tab=hero and ?tab=hero&edit=1), so Edit and
// Cancel are links that work without JavaScript, and Cancel reloads the saved values.

import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { PencilIcon } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useActionData } from "react-router";
import { FetchError } from "~/components/admin/fetch-error";
import { FormError } from "~/components/admin/form-messages";
import { ImageField } from "~/components/admin/image-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionFailure } from "~/lib/action-error";
import { type HomeContentItem, heroFormSchema } from "~/modules/content/home.schema";
import type { HeroBackground } from "~/modules/settings/hero-background";
import { HeroPreview } from "./hero-preview";

type HeroTabProps = {
  hero: HomeContentItem | null;
  background: HeroBackground;
  editing: boolean;
  failed: boolean;
};

const VIEW_FIELDS = [
  { key: "title", label: "Title" },
  { key: "subtitle", label: "Subtitle" },
  { key: "content", label: "Content" },
  { key: "linkText", label: "Link text" },
  { key: "linkUrl", label: "Link URL" },
  { key: "imageUrl", label: "Image" },
] as const;

function toValues(hero: HomeContentItem | null) {
  return {
    title: hero?.title ?? "",
    subtitle: hero?.subtitle ?? "",
    content: hero?.content ?? "",
    imageUrl: hero?.imageUrl ?? "",
    linkText: hero?.linkText ?? "",
    linkUrl: hero?.linkUrl ?? "",
  };
}

export function HeroSectionTab(props: HeroTabProps) {
  return (
    <section aria-labelledby="hero-section-heading" className="grid grid-cols-1 gap-4">
      <FetchError failed={props.failed} message="Failed to load hero content" />
      {props.editing ? <HeroEditor {...props} /> : <HeroView {...props} />}
    </section>
  );
}

function HeroView({ hero, background }: HeroTabProps) {
  const values = toValues(hero);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="hero-section-heading">Hero Section</h2>
          </CardTitle>
          <CardDescription>The first slide of the home page's hero carousel.</CardDescription>
        </div>
        <Button asChild>
          <Link to="?tab=hero&edit=1" preventScrollReset>
            <PencilIcon aria-hidden />
            {hero ? "Edit Hero Section" : "Create Hero Section"}
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <HeroPreview values={values} background={background} />
        {hero ? (
          <dl className="grid content-start gap-3 text-sm">
            {VIEW_FIELDS.map(({ key, label }) => (
              <div key={key} className="grid gap-0.5">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd className="break-words">{values[key] || "—"}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-muted-foreground">
            No hero section yet. The home page shows its built-in default.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function HeroEditor({ hero, background }: HeroTabProps) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  // With JavaScript off the form posts as a page: a refusal then comes back as the action's data.
  const pageResult = (useActionData() as Partial<ActionFailure> | undefined)?.result;
  const [form, fields] = useForm({
    id: "hero-section",
    lastResult: busy ? undefined : (fetcher.data?.result ?? pageResult),
    defaultValue: toValues(hero),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: heroFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The live preview shows a chosen file before it is uploaded, as a local object URL.
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const input = event.target as HTMLInputElement;
    if (input.type !== "file") return;
    const file = input.files?.[0];
    setFileUrl(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  }

  const current = { ...toValues(null), ...(form.value as Partial<ReturnType<typeof toValues>> | undefined) };
  const preview = { ...current, imageUrl: fileUrl ?? current.imageUrl };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="hero-section-heading">Edit Hero Section</h2>
          </CardTitle>
          <CardDescription>Saved as the first hero slide, always active.</CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form
            method="post"
            action="?tab=hero&edit=1"
            encType="multipart/form-data"
            {...getFormProps(form)}
            onChange={onChange}
            className="grid gap-4"
          >
            <input type="hidden" name="intent" value="save-hero" />
            {hero ? <input type="hidden" name="id" value={hero.id} /> : null}
            <FormError form={form} />
            <TextField field={fields.title} label="Title" />
            <TextField field={fields.subtitle} label="Subtitle" />
            <TextareaField field={fields.content} label="Content" rows={3} />
            <ImageField field={fields.imageUrl} label="Hero image" />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField field={fields.linkText} label="Link text" />
              <TextField field={fields.linkUrl} label="Link URL" placeholder="/catalog" />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Changes"}
              </Button>
              <Button asChild variant="outline">
                <Link to="?tab=hero" preventScrollReset>
                  Cancel
                </Link>
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h3>Live preview</h3>
          </CardTitle>
          <CardDescription>How the hero will look on the home page.</CardDescription>
        </CardHeader>
        <CardContent>
          <HeroPreview values={preview} background={background} />
        </CardContent>
      </Card>
    </div>
  );
}
