// The public site's icons: lucide's shapes drawn from one cached sprite file (a hashed asset,
// cached for a year) with <use>, so each icon on a page is a short tag rather than its full paths.
// They take the props lucide-react's icons take for styling and labelling; an icon without a
// label is hidden from assistive technology, as lucide's are.
import type { ComponentProps, ReactElement } from "react";
import { type SiteIconName, toSymbolId } from "./sprite-icon-names";
import spriteUrl from "./sprite-icons.svg?no-inline";

type IconProps = Omit<ComponentProps<"svg">, "children">;
export type IconComponent = (props: IconProps) => ReactElement;

function spriteIcon(name: SiteIconName): IconComponent {
  const href = `${spriteUrl}#${toSymbolId(name)}`;
  function SpriteIcon({ className, ...props }: IconProps) {
    const labelled = Boolean(props["aria-label"] || props["aria-labelledby"] || props.role === "img");
    return (
      <svg
        aria-hidden={labelled ? undefined : true}
        {...props}
        className={className ? `icon ${className}` : "icon"}
      >
        <use href={href} />
      </svg>
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}

export const ArrowDown = spriteIcon("ArrowDown");
export const ArrowLeft = spriteIcon("ArrowLeft");
export const ArrowRight = spriteIcon("ArrowRight");
export const Award = spriteIcon("Award");
export const BadgeCheck = spriteIcon("BadgeCheck");
export const BookOpen = spriteIcon("BookOpen");
export const Building2 = spriteIcon("Building2");
export const Check = spriteIcon("Check");
export const ChevronDown = spriteIcon("ChevronDown");
export const ChevronLeft = spriteIcon("ChevronLeft");
export const ChevronRight = spriteIcon("ChevronRight");
export const CircleAlert = spriteIcon("CircleAlert");
export const CircleCheck = spriteIcon("CircleCheck");
export const ClipboardList = spriteIcon("ClipboardList");
export const ClipboardPlus = spriteIcon("ClipboardPlus");
export const Clock = spriteIcon("Clock");
export const Download = spriteIcon("Download");
export const Ellipsis = spriteIcon("Ellipsis");
export const ExternalLink = spriteIcon("ExternalLink");
export const Eye = spriteIcon("Eye");
export const FileSearch = spriteIcon("FileSearch");
export const FileText = spriteIcon("FileText");
export const FolderOpen = spriteIcon("FolderOpen");
export const Hammer = spriteIcon("Hammer");
export const HardHat = spriteIcon("HardHat");
export const Leaf = spriteIcon("Leaf");
export const Mail = spriteIcon("Mail");
export const MapPin = spriteIcon("MapPin");
export const Menu = spriteIcon("Menu");
export const MessageSquareText = spriteIcon("MessageSquareText");
export const Package = spriteIcon("Package");
export const PackageSearch = spriteIcon("PackageSearch");
export const Phone = spriteIcon("Phone");
export const Printer = spriteIcon("Printer");
export const Quote = spriteIcon("Quote");
export const Search = spriteIcon("Search");
export const ShieldAlert = spriteIcon("ShieldAlert");
export const ShieldCheck = spriteIcon("ShieldCheck");
export const SlidersHorizontal = spriteIcon("SlidersHorizontal");
export const Star = spriteIcon("Star");
export const TreePine = spriteIcon("TreePine");
export const TriangleAlert = spriteIcon("TriangleAlert");
export const Warehouse = spriteIcon("Warehouse");
export const Wrench = spriteIcon("Wrench");
export const X = spriteIcon("X");
// Brand marks (BRAND_ICONS), drawn from the same sprite.
export const Facebook = spriteIcon("Facebook");
export const Instagram = spriteIcon("Instagram");
