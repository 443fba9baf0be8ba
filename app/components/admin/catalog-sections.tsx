// The catalogue's sections, shown on each of its screens: its products, and the building product
// information sheets they link to. Both are open to sales as well as admins.
//
//   <CatalogSections current="building-information" within />   (on one sheet's page)
import { LinkTabs } from "./link-tabs";

const SECTIONS = [
  { value: "products", label: "Products", href: "/admin/catalog" },
  {
    value: "building-information",
    label: "Building information",
    href: "/admin/catalog/building-information",
  },
] as const;

export function CatalogSections(props: {
  current: (typeof SECTIONS)[number]["value"];
  /** On a page inside the section (one sheet) rather than on the section's own page. */
  within?: boolean;
}) {
  return <LinkTabs label="Catalog sections" current={props.current} tabs={SECTIONS} within={props.within} />;
}
