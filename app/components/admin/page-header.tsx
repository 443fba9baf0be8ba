// The heading row of an admin page: <PageHeader title="Catalog Management" description="…">
//   <Button>Add Product</Button></PageHeader>. Renders the page's only h1.
import type { ReactNode } from "react";

export function PageHeader(props: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      {/* A name or e-mail address without spaces wraps inside the header too. */}
      <div className="grid min-w-0 gap-1 wrap-anywhere">
        <h1 className="font-bold text-2xl tracking-tight">{props.title}</h1>
        {props.description ? <p className="text-muted-foreground">{props.description}</p> : null}
      </div>
      {props.children ? <div className="flex flex-wrap items-center gap-2">{props.children}</div> : null}
    </div>
  );
}
