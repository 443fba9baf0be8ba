import { Building2 } from "lucide-react";
import { cn } from "~/lib/utils";

/** The project photo, or a neutral placeholder when there is none. Decorative: the title names it. */
export function CaseStudyImage({ src, className }: { src: string | null; className?: string }) {
  return (
    <div className={cn("relative aspect-[4/3] overflow-hidden bg-muted", className)}>
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground">
          <Building2 aria-hidden className="size-12" />
        </div>
      )}
    </div>
  );
}
