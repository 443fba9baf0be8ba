// Each demo product gets a picture of its own kind: a saw looks like a saw, a roll of underlay
// like a roll. Products of one category that share a kind are drawn in different variants.
import { BUILDING_PICTURES } from "./pictures-building";
import { TRADE_PICTURES } from "./pictures-trade";
import { backdrop, paletteAt, svgDocument } from "./svg";

const PICTURES = { ...BUILDING_PICTURES, ...TRADE_PICTURES };

export type ProductPicture = keyof typeof PICTURES;

type Pictured = { name: string; category: string; picture: ProductPicture };

/**
 * The picture of each product, in the order given, as an 800x600 SVG. The kind is named in a
 * `data-picture` attribute so a test can tell what was drawn.
 */
export function drawProductPictures<T extends Pictured>(products: readonly T[]) {
  const seen = new Map<string, number>();
  const inCategory = new Map<string, number>();
  return products.map((product) => {
    const kindKey = `${product.category}/${product.picture}`;
    const variant = seen.get(kindKey) ?? 0;
    seen.set(kindKey, variant + 1);
    const position = inCategory.get(product.category) ?? 0;
    inCategory.set(product.category, position + 1);
    return { product, svg: productPictureSvg(product.picture, variant, position) };
  });
}

function productPictureSvg(picture: ProductPicture, variant: number, backdropIndex: number) {
  const width = 800;
  const height = 600;
  const palette = paletteAt(backdropIndex);
  const base = backdrop(width, height, palette);
  const scale = Math.min((width * 0.92) / 400, (height * 0.92) / 300);
  const x = (width - 400 * scale) / 2;
  const y = (height - 300 * scale) / 2;
  const drawing = PICTURES[picture](variant, palette, `${picture}-${variant}`);
  return svgDocument(
    width,
    height,
    base.defs,
    `${base.body}<g data-picture="${picture}" transform="translate(${x} ${y}) scale(${scale})">${drawing}</g>`,
  );
}
