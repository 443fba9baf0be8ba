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
  "DraftingCompass",
  "Ellipsis",
  "ExternalLink",
  "Eye",
  "FileSearch",
  "FileText",
  "FolderOpen",
  "Hammer",
  "HardHat",
  "House",
  "Leaf",
  "Mail",
  "MapPin",
  "Menu",
  "MessageSquareText",
  "Package",
  "PackageSearch",
  "PaintRoller",
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
  "Truck",
  "Warehouse",
  "Wrench",
  "X",
] as const;

export type SiteIconName = (typeof SITE_ICON_NAMES)[number];

/** The symbol id of an icon in sprite-icons.svg: its export name in kebab case (`MapPin` -> `map-pin`). */
export function toSymbolId(name: string) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Za-z])([0-9])/g, "$1-$2")
    .toLowerCase();
}
