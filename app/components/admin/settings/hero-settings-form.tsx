// Settings > Hero Settings: the overlay colour and opacity over the home page's hero slides and
// the colours of their title and subtitle, with a live preview on the first slide. 'Reset to
// Default' only fills the form with the defaults; nothing changes on the site until 'Save Settings'.
import { getFormProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { Link } from "react-router";
import { FieldError, FormError } from "~/components/admin/form-messages";
import { HeroPreview } from "~/components/admin/home/hero-preview";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { DEFAULT_HERO_BACKGROUND, type HeroBackground } from "~/modules/settings/hero-background";

type ColourKey = "color" | "titleColor" | "subtitleColor";

const COLOUR_FIELDS: { key: ColourKey; label: string }[] = [
  { key: "color", label: "Overlay colour" },
  { key: "titleColor", label: "Title colour" },
  { key: "subtitleColor", label: "Subtitle colour" },
];

type Slide = { title: string | null; subtitle: string | null; imageUrl: string | null } | null;

export function HeroSettingsForm(props: { saved: HeroBackground; slide: Slide; reset: boolean }) {
  const [values, setValues] = useState<HeroBackground>(props.reset ? DEFAULT_HERO_BACKGROUND : props.saved);
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm<Record<keyof HeroBackground, string>>({
    id: "hero-settings",
    lastResult: busy ? undefined : fetcher.data?.result,
  });

  function set<Key extends keyof HeroBackground>(key: Key, value: HeroBackground[Key]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  return (
    <section aria-labelledby="hero-settings-heading" className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="hero-settings-heading">Hero Settings</h2>
          </CardTitle>
          <CardDescription>
            The overlay over the home page's hero slides and the colours of their text.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
            <input type="hidden" name="intent" value="save-hero" />
            <FormError form={form} />
            {COLOUR_FIELDS.map(({ key, label }) => (
              <div key={key} className="grid gap-2">
                <Label htmlFor={`hero-${key}`}>{label}</Label>
                <div className="flex items-center gap-3">
                  <input
                    id={`hero-${key}`}
                    name={key}
                    type="color"
                    value={values[key]}
                    onChange={(event) => set(key, event.currentTarget.value)}
                    aria-describedby={fields[key].errors ? fields[key].errorId : undefined}
                    className="h-9 w-16 cursor-pointer rounded-md border border-input bg-background p-1"
                  />
                  <code className="text-muted-foreground text-sm">{values[key]}</code>
                </div>
                <FieldError field={fields[key]} />
              </div>
            ))}
            <div className="grid gap-2">
              <Label htmlFor="hero-opacity">Overlay opacity</Label>
              <div className="flex items-center gap-3">
                <input
                  id="hero-opacity"
                  name="opacity"
                  type="range"
                  min={0}
                  max={1}
                  step={0.1}
                  value={values.opacity}
                  onChange={(event) => set("opacity", Number(event.currentTarget.value))}
                  aria-describedby={fields.opacity.errors ? fields.opacity.errorId : undefined}
                  className="w-full accent-primary"
                />
                <output htmlFor="hero-opacity" className="w-10 text-right text-sm tabular-nums">
                  {values.opacity.toFixed(1)}
                </output>
              </div>
              <FieldError field={fields.opacity} />
            </div>
            <div className="flex flex-wrap items-center gap-2 border-t pt-4">
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Settings"}
              </Button>
              {/* A link, so it also works without JavaScript: the loader then fills in the defaults. */}
              <Button asChild variant="outline">
                <Link
                  to="?tab=hero&reset=1"
                  preventScrollReset
                  onClick={(event) => {
                    event.preventDefault();
                    setValues({ ...DEFAULT_HERO_BACKGROUND });
                  }}
                >
                  Reset to Default
                </Link>
              </Button>
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
      <figure className="grid content-start gap-3">
        <figcaption className="grid gap-1">
          <span className="font-semibold">Live preview</span>
          <span className="text-muted-foreground text-sm">The first hero slide with these settings.</span>
        </figcaption>
        <HeroPreview
          background={values}
          values={{
            title: props.slide?.title || "Quality Building Supplies",
            subtitle: props.slide?.subtitle || "Timber, roofing and hardware for New Zealand builders",
            imageUrl: props.slide?.imageUrl ?? "",
            linkText: "",
          }}
        />
      </figure>
    </section>
  );
}
