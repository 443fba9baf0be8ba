import type { ProductCardData } from "~/modules/products/card";
import { ProductCard } from "../product-card";

/** "Today's Best Bargains": the top featured products by discount, whatever the filters. */
export function BargainsStrip({ products }: { products: ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="bargains-heading" className="border-t bg-muted/50">
      <div className="container mx-auto px-4 py-12">
        <h2 id="bargains-heading" className="font-bold text-2xl">
          Today's Best Bargains
        </h2>
        <p className="mt-1 text-muted-foreground">Featured products with our biggest discounts right now.</p>
        <ul className="product-grid mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
