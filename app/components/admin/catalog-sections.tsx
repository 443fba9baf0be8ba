// The catalogue's sections, shown on each of its screens: its products, the building product
// information sheets they link to, and the searches that found nothing, open to sales as well as
// admins; and, for admins, its imports.
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
  { value: "searches", label: "Searches with no results", href: "/admin/catalog/searches" },
] as const;

const IMPORTS = { value: "imports", label: "Imports", href: "/admin/catalog/imports" } as const;

export function CatalogSections(props: {
  current: (typeof SECTIONS)[number]["value"] | typeof IMPORTS.value;
  /** On a page inside the section (one sheet) rather than on the section's own page. */
  within?: boolean;
  /** An admin's view: the imports are a section too. */
  admin?: boolean;
}) {
  const tabs = props.admin ? [...SECTIONS, IMPORTS] : SECTIONS;
  return <LinkTabs label="Catalog sections" current={props.current} tabs={tabs} within={props.within} />;
}
