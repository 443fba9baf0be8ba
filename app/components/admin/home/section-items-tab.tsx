// Home Management > Browse Categories (cards) and Monthly Catalog (a table): the rows of one
// home section with Add, Edit and Delete. Both use the home content dialog with the section fixed.

import { PlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { imageColumn } from "~/components/admin/data-table/common-columns";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table/data-table";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { FetchError } from "~/components/admin/fetch-error";
import { StatusBadge } from "~/components/admin/status-badge";
import { Thumbnail } from "~/components/admin/thumbnail";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { type HomeContentItem, isHeroSlide, SECTION_TYPE_LABELS } from "~/modules/content/home.schema";
import { parseReviewContent } from "~/modules/content/reviews";
import { HomeContentDialog, nextDisplayOrder } from "./home-content-dialog";

export const ITEM_DELETE_TEXT = "Are you sure you want to delete this item?";

/** A Home Management tab: its heading, what it is, an Add button, the load error, then the items. */
export function HomeTab(props: {
  id: string;
  heading: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  failed: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id={props.id} className="font-semibold text-lg">
            {props.heading}
          </h2>
          <p className="text-muted-foreground text-sm">{props.description}</p>
        </div>
        <Button type="button" onClick={props.onAdd}>
          <PlusIcon aria-hidden />
          {props.addLabel}
        </Button>
      </div>
      <FetchError failed={props.failed} message="Failed to fetch home content" />
      {props.children}
    </section>
  );
}

/** What names a home content row: a review by its reviewer, any other row by its title. */
export function homeContentLabel(item: HomeContentItem) {
  if (item.sectionType === "reviews") return `review by ${parseReviewContent(item.content).value.name}`;
  return item.title ?? `untitled ${SECTION_TYPE_LABELS[item.sectionType].toLowerCase()} content`;
}

/**
 * A row's title with its subtitle under it, for the home content tables. Every review row has
 * the section's heading as its title, so a review shows who wrote it and the start of what
 * they wrote instead.
 */
export function ItemTitleCell({ item }: { item: HomeContentItem }) {
  if (item.sectionType === "reviews") {
    const review = parseReviewContent(item.content).value;
    return (
      <span className="grid">
        <span className="font-medium">{review.name}</span>
        {review.review ? (
          <span className="line-clamp-2 text-muted-foreground text-xs">{review.review}</span>
        ) : null}
      </span>
    );
  }
  const untitled = item.sectionType === "hero" && !isHeroSlide(item);
  return (
    <span className="grid">
      <span className="font-medium">
        {untitled ? "Untitled: not shown on the home page" : (item.title ?? "Untitled")}
      </span>
      {item.subtitle ? (
        <span className="line-clamp-1 text-muted-foreground text-xs">{item.subtitle}</span>
      ) : null}
    </span>
  );
}

/** Active or not, and where it stands: the foot of a home content card. */
export function ItemMeta({ item }: { item: Pick<HomeContentItem, "isActive" | "displayOrder"> }) {
  return (
    <span className="flex items-center gap-2 text-muted-foreground text-xs">
      <StatusBadge active={item.isActive} />
      Order {item.displayOrder}
    </span>
  );
}

type Section = { sectionType: "categories" | "catalog"; heading: string; description: string; noun: string };

export const SECTIONS = {
  categories: {
    sectionType: "categories",
    heading: "Browse Categories",
    description: "The category tiles on the home page, each linking to the catalogue.",
    noun: "Category",
  },
  catalog: {
    sectionType: "catalog",
    heading: "Monthly Catalog",
    description: "The featured monthly catalogue banner; the first active row is shown.",
    noun: "Catalog",
  },
} as const satisfies Record<string, Section>;

function sectionItemLabel(item: HomeContentItem, noun: string) {
  return item.title ?? `untitled ${noun.toLowerCase()} item`;
}

export function SectionItemsTab(props: {
  section: Section;
  items: HomeContentItem[];
  failed: boolean;
  layout: "cards" | "table";
}) {
  const { section, items } = props;
  const dialog = useEntityDialog<HomeContentItem>();
  const actions = (item: HomeContentItem) => (
    <RowActions
      itemLabel={sectionItemLabel(item, section.noun)}
      onEdit={() => dialog.openFor(item)}
      deleteId={item.id}
      deleteProps={{ description: ITEM_DELETE_TEXT }}
    />
  );
  return (
    <HomeTab
      id={`${section.sectionType}-heading`}
      heading={section.heading}
      description={section.description}
      addLabel={`Add ${section.noun} Item`}
      onAdd={() => dialog.openFor(null)}
      failed={props.failed}
    >
      {props.layout === "cards" ? (
        <ItemCards items={items} actions={actions} empty={`No ${section.heading.toLowerCase()} yet.`} />
      ) : (
        <ItemTable items={items} actions={actions} caption={section.heading} />
      )}
      <HomeContentDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        record={dialog.record}
        sectionType={section.sectionType}
        nextOrder={nextDisplayOrder(items)}
        title={{ create: `Add ${section.noun} Item`, edit: `Edit ${section.noun} Item` }}
      />
    </HomeTab>
  );
}

function ItemCards(props: {
  items: HomeContentItem[];
  actions: (item: HomeContentItem) => ReactNode;
  empty: string;
}) {
  if (props.items.length === 0) return <p className="text-muted-foreground">{props.empty}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {props.items.map((item) => (
        <li key={item.id}>
          <Card className="h-full gap-3 overflow-hidden pt-0">
            <Thumbnail url={item.imageUrl} className="aspect-video w-full" />
            <CardHeader>
              <CardTitle asChild>
                <h3>{item.title ?? "Untitled"}</h3>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1 text-sm">
              {item.subtitle ? <p className="text-muted-foreground">{item.subtitle}</p> : null}
              <p className="break-all text-muted-foreground text-xs">{item.linkUrl ?? "/catalog"}</p>
            </CardContent>
            <CardFooter className="mt-auto flex items-center justify-between gap-2">
              <ItemMeta item={item} />
              {props.actions(item)}
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function ItemTable(props: {
  items: HomeContentItem[];
  actions: (item: HomeContentItem) => ReactNode;
  caption: string;
}) {
  const columns: DataTableColumn<HomeContentItem>[] = [
    imageColumn(),
    {
      key: "title",
      header: "Title",
      className: "whitespace-normal",
      cell: (item) => <ItemTitleCell item={item} />,
    },
    { key: "link", header: "Link", cell: (item) => item.linkText ?? "—", tableFrom: "4xl" },
    { key: "status", header: "Status", cell: (item) => <StatusBadge active={item.isActive} /> },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: props.actions,
    },
  ];
  return (
    <DataTable
      caption={props.caption}
      columns={columns}
      rows={props.items}
      getRowKey={(item) => item.id}
      emptyText="No catalog items yet."
    />
  );
}
