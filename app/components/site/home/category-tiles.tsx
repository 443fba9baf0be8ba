import {
  ArrowRight,
  Hammer,
  type IconComponent,
  Package,
  TreePine,
  Warehouse,
  Wrench,
} from "~/components/ui/sprite-icons";
import type { CategoryTile } from "~/modules/content/home.server";
import { Picture } from "../picture";
import { ContentLink } from "./content-link";
import { SectionHeading } from "./section-heading";

// Tiles without a picture (the built-in ones, or rows saved without an image) get an icon.
const ICONS: Record<string, IconComponent> = {
  timber: TreePine,
  roofing: Warehouse,
  tools: Wrench,
  hardware: Hammer,
};

/** Browse categories: one tile per home content 'categories' row, each with its own link. */
export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <section aria-labelledby="categories-heading" data-testid="categories" className="py-16">
      <div className="container mx-auto px-4">
        <SectionHeading
          id="categories-heading"
          title="Browse Categories"
          description="Everything for the job, from the frame to the finishing touches."
        />
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.id}>
              <CategoryTileCard tile={tile} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CategoryTileCard({ tile }: { tile: CategoryTile }) {
  const Icon = ICONS[tile.name.toLowerCase()] ?? Package;
  return (
    <ContentLink to={tile.linkUrl} data-testid="category-tile" className="group category-tile">
      {tile.imageUrl ? (
        <Picture
          src={tile.imageUrl}
          alt=""
          asset={tile.asset}
          sizes="(min-width: 1024px) 33vw, 50vw"
          width={800}
          height={600}
          className="category-tile-photo"
        />
      ) : (
        <span
          aria-hidden
          className="absolute inset-0 grid place-items-center bg-gradient-to-br from-stone-700 to-stone-900"
        >
          <Icon className="size-16 text-orange-300/80 sm:size-20" />
        </span>
      )}
      {/* A dark fade under the text keeps it readable on any picture. */}
      <span aria-hidden className="category-tile-fade" />
      <span className="relative grid gap-1 p-3 sm:p-5">
        <span className="flex items-center gap-2 font-bold text-lg sm:text-xl">
          {tile.name}
          <ArrowRight aria-hidden className="category-tile-arrow" />
        </span>
        {tile.description && (
          <span className="line-clamp-2 text-sm text-stone-200 max-sm:hidden">{tile.description}</span>
        )}
      </span>
    </ContentLink>
  );
}
