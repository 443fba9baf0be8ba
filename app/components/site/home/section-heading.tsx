import { cx } from "~/lib/cx";

/** The heading block every home section opens with; `id` is what the section is labelled by. */
export function SectionHeading({
  id,
  title,
  description,
  className,
  align = "center",
}: {
  id: string;
  title: string;
  description?: string | null;
  className?: string;
  align?: "center" | "start";
}) {
  return (
    <div className={cx("grid gap-3", align === "center" && "mx-auto max-w-3xl text-center", className)}>
      <h2 id={id} className="text-balance font-bold text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      {description && <p className="text-pretty text-lg text-muted-foreground">{description}</p>}
    </div>
  );
}
