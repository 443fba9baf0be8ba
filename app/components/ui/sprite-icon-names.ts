// The lucide icons the public site draws, by their lucide-react export name. Each is one <symbol>
// of sprite-icons.svg (made from this list by scripts/build-icon-sprite.ts), so a page names an icon with
// a short <use> instead of repeating its paths on every card.
export const SITE_ICON_NAMES = [
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Award",
  "BadgeCheck",
  "BookOpen",
  "Building2",
  "Check",
  "ChevronDown",
  "ChevronLeft",
  "ChevronRight",
  "CircleAlert",
  "CircleCheck",
  "ClipboardList",
  "ClipboardPlus",
  "Clock",
  "Download",
  "Ellipsis",
  "ExternalLink",
  "Eye",
  "FileSearch",
  "FileText",
  "FolderOpen",
  "Hammer",
  "HardHat",
  "Leaf",
  "Mail",
  "MapPin",
  "Menu",
  "MessageSquareText",
  "Package",
  "PackageSearch",
  "Phone",
  "Printer",
  "Quote",
  "Search",
  "ShieldAlert",
  "ShieldCheck",
  "SlidersHorizontal",
  "Star",
  "TreePine",
  "TriangleAlert",
  "Warehouse",
  "Wrench",
  "X",
] as const;

/**
 * Brand marks lucide no longer ships, as the shapes of their symbols. The sprite's <svg> draws
 * with the `.icon` stroke, so a filled shape says so itself.
 */
export const BRAND_ICONS = {
  Facebook:
    '<path fill="currentColor" stroke="none" d="M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12Z"/>',
  Instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none"/>',
} as const;

export type SiteIconName = (typeof SITE_ICON_NAMES)[number] | keyof typeof BRAND_ICONS;

/** The symbol id of an icon in sprite-icons.svg: its export name in kebab case (`MapPin` -> `map-pin`). */
export function toSymbolId(name: string) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Za-z])([0-9])/g, "$1-$2")
    .toLowerCase();
}
