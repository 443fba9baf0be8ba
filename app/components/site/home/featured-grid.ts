/** The featured products' grid, shared by the cards and their loading placeholders. */
export const FEATURED_GRID = "mt-10 grid grid-cols-1 gap-6 min-[480px]:rows-of-2 md:rows-of-3";
