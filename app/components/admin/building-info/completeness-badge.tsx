// A product's or a sheet's standing on building product information, as a badge:
//
//   <CompletenessBadge state="incomplete" />           -> "Incomplete"
//   <CompletenessBadge state="none" compact />         -> "None" (the catalogue's column)
import { Badge } from "~/components/ui/badge";
import type { Completeness } from "~/modules/compliance/completeness";

type State = Completeness["state"];

const LABELS: Record<State, [string, string]> = {
  none: ["No building information", "None"],
  not_required: ["Not required", "Not required"],
  linked: ["Linked to published information", "Linked"],
  complete: ["Complete", "Complete"],
  incomplete: ["Incomplete", "Incomplete"],
};

const VARIANTS = {
  none: "outline",
  not_required: "secondary",
  linked: "success",
  complete: "success",
  incomplete: "warning",
} as const satisfies Record<State, string>;

export function CompletenessBadge({ state, compact = false }: { state: State; compact?: boolean }) {
  const [long, short] = LABELS[state];
  return (
    // A long label wraps inside the badge rather than running past a narrow card.
    <Badge
      variant={VARIANTS[state]}
      data-completeness={state}
      className={compact ? undefined : "max-w-full whitespace-normal"}
    >
      {compact ? short : long}
    </Badge>
  );
}
