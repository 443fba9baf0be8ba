import type { ReactNode } from "react";

/** A term and its value in a details list; the value wraps anywhere, so a name or e-mail address without spaces stays in its column. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

/** What a details list shows for a value the person left out. */
export function NotGiven() {
  return <span className="text-muted-foreground">Not given</span>;
}
