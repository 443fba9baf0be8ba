import { Building2 } from "~/components/ui/sprite-icons";
import { cx } from "~/lib/cx";
import type { ImageAsset } from "~/modules/images/image-asset";
import { Picture } from "../picture";

type CaseStudyImageProps = {
  src: string | null;
  /** The processed variants of `src`, when it was uploaded here. */
  asset?: ImageAsset | null;
  className?: string;
  /** How wide the picture is shown: a card in the grid by default. */
  sizes?: string;
  /** The first card of the page: fetched at once, ahead of the others (it is the LCP). */
  priority?: boolean;
};

/** The project photo, or a neutral placeholder when there is none. Decorative: the title names it. */
export function CaseStudyImage({
  src,
  asset,
  className,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
  priority = false,
}: CaseStudyImageProps) {
  return (
    <div className={cx("relative aspect-[4/3] overflow-hidden bg-muted", className)}>
      {src ? (
        <Picture
          src={src}
          alt=""
          asset={asset}
          sizes={sizes}
          width={800}
          height={600}
          priority={priority}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground">
          <Building2 aria-hidden className="size-12" />
        </div>
      )}
    </div>
  );
}
