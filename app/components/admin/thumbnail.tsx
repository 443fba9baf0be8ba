// A small image of a record in a list or card, or a grey box of the same size when it has none.
// Decorative (alt=""): the row's title names the record.
//
//   <Thumbnail url={row.imageUrl} className="h-10 w-14 rounded-md border" />
import { cn } from "~/lib/utils";

export function Thumbnail({ url, className }: { url: string | null; className?: string }) {
  return url ? (
    <img src={url} alt="" loading="lazy" className={cn("object-cover", className)} />
  ) : (
    <span aria-hidden className={cn("block bg-muted", className)} />
  );
}
