import { Link } from "react-router";
import { MessageSquareText } from "~/components/ui/sprite-icons";
import type { FeaturedProduct } from "~/modules/content/home.server";
import { truncateText } from "~/modules/products/catalog-params";
import { ProductImage } from "../product-image";
import { FEATURED_GRID } from "./featured-grid";
import { SectionHeading } from "./section-heading";

/** Where a product card leads: the contact form, prefilled for this product. */
function productEnquiryHref(name: string) {
  return `/contact?subject=Product%20Information&product=${encodeURIComponent(name)}`;
}

/** Featured products; the route renders it only when there is at least one. */
export function FeaturedProducts({ products }: { products: FeaturedProduct[] }) {
  return (
    <section aria-labelledby="featured-heading" data-testid="featured-products" className="bg-muted/60 py-16">
      <div className="container mx-auto px-4">
        <SectionHeading
          id="featured-heading"
          title="Featured Products"
          description="Popular lines from our yard. Prices on request: tell us what you need and we'll quote."
        />
        <ul className={FEATURED_GRID}>
          {products.map((product) => (
            <li key={product.id}>
              <FeaturedProductCard product={product} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeaturedProductCard({ product }: { product: FeaturedProduct }) {
  return (
    <article data-testid="featured-product" className="group featured-card">
      <div className="featured-card-photo">
        <ProductImage
          src={product.imageUrl}
          alt={product.name}
          asset={product.asset}
          className="featured-card-zoom"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-1 font-semibold text-lg" title={product.name}>
          {/* The link's box covers the whole card, so the card is one target with the name as its label. */}
          <Link to={productEnquiryHref(product.name)} className="card-cover-link">
            {product.name}
          </Link>
        </h3>
        {product.description && (
          <p className="line-clamp-2 text-muted-foreground text-sm">{truncateText(product.description)}</p>
        )}
        <p className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="font-semibold text-primary">Contact for Price</span>
          <span aria-hidden className="featured-card-cta">
            <MessageSquareText className="size-4" /> Enquire
          </span>
        </p>
      </div>
    </article>
  );
}
