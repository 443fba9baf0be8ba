import type { ProductCardData } from "~/modules/products/card";
import { ProductCard } from "../product-card";

/** A few published products of the same category. */
export function RelatedProducts({ products }: { products: ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-14 border-t pt-10">
      <h2 id="related-heading" className="font-bold text-2xl">
        Related products
      </h2>
      <ul className="product-grid mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} quickView={false} anchorId={`related-${product.id}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
