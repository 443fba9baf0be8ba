// Search-engine visibility: the sitemap and robots.txt as crawlers get them, product and
// case-study addresses (old slugs move with a 301, unpublished products are 404), the page meta
// with its noindex switch, and the JSON-LD builders.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { JsonLd } from "~/components/site/json-ld";
import { DEFAULT_CONTACT_INFO } from "~/modules/content/contact-info";
import { getContactInfo } from "~/modules/content/queries.server";
import {
  breadcrumbJsonLd,
  localBusinessJsonLd,
  productJsonLd,
  serializeJsonLd,
  toOpeningHours,
} from "~/modules/seo/json-ld";
import { DEFAULT_SOCIAL_IMAGE, type SiteSeo } from "~/modules/seo/meta";
import { getSiteSeo } from "~/modules/seo/site.server";
import { renderRobots, renderSitemap } from "~/modules/seo/sitemap";
import { sitemapResponse } from "~/modules/seo/sitemap.server";
import * as caseStudyRoute from "~/routes/public/case-study";
import * as productRoute from "~/routes/public/product";
import * as robotsRoute from "~/routes/resources/robots";
import { brands, caseStudies, categories, contactContent, imageAssets, products } from "~/server/db/schema";
import { parseEnv } from "~/server/env.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;

async function addCategory(name: string) {
  const [row] = await db().insert(categories).values({ name, type: "products" }).returning();
  if (!row) throw new Error("no category");
  return row;
}

async function addProduct(values: Partial<typeof products.$inferInsert> & { name: string }) {
  const [row] = await db().insert(products).values(values).returning();
  if (!row) throw new Error("no product");
  return row;
}

async function addStudy(title: string) {
  const [row] = await db().insert(caseStudies).values({ title, challenge: "A tight site." }).returning();
  if (!row) throw new Error("no case study");
  return row;
}

/** What a route's loader threw (a redirect Response, or data() with a status). */
async function thrownBy(load: () => Promise<unknown>) {
  try {
    await load();
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location") };
    const init = (thrown as { init?: ResponseInit }).init;
    return { status: init?.status, location: null };
  }
  throw new Error("the loader did not throw");
}

function loadProduct(slug: string) {
  return productRoute.loader({
    params: { slug },
    request: new Request(`http://localhost/catalog/${slug}`),
  } as never);
}

function loadCaseStudy(slug: string) {
  return caseStudyRoute.loader({
    params: { slug },
    request: new Request(`http://localhost/case-study/${slug}`),
  } as never);
}

function layoutMatch(site: SiteSeo) {
  return [
    { id: "root", loaderData: {} },
    { id: "routes/public/layout", loaderData: { site } },
  ];
}

type Descriptor = Record<string, string | undefined>;

function metaValue(meta: Descriptor[], key: "name" | "property", value: string) {
  return meta.find((m) => m[key] === value)?.content;
}

test("the sitemap lists the static pages, published products and case studies with lastmod, absolute", async () => {
  const published = await addProduct({ name: "Pine Framing 90x45" });
  await addProduct({ name: "Secret Prototype", isPublished: false });
  const study = await addStudy("Family Home, Tauranga");
  const base = getSiteSeo().baseUrl;

  const response = await sitemapResponse(new URL("http://localhost/sitemap.xml"));
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  for (const path of [
    "/",
    "/catalog",
    "/case-study",
    "/certifications",
    "/terms-conditions",
    "/contact",
    "/privacy",
  ]) {
    expect(xml).toContain(`<loc>${base}${path}</loc>`);
  }
  expect(xml).toContain(
    `<url><loc>${base}/catalog/pine-framing-90x45</loc><lastmod>${published.updatedAt.toISOString()}</lastmod></url>`,
  );
  expect(xml).toContain(
    `<url><loc>${base}/case-study/family-home-tauranga</loc><lastmod>${study.updatedAt.toISOString()}</lastmod></url>`,
  );
  expect(xml).not.toContain("secret-prototype");
});

test("past the per-file limit the sitemap is an index of parts that hold every address once", async () => {
  await db().delete(products);
  await db().delete(caseStudies);
  for (const name of ["Alpha Batten", "Bravo Batten", "Charlie Batten", "Delta Batten"])
    await addProduct({ name });
  await addProduct({ name: "Echo Unpublished", isPublished: false });
  await addStudy("Farm Shed, Matamata");
  const size = 4; // 7 static pages + 1 case study + 4 products = 12 addresses: 3 parts
  const index = await (await sitemapResponse(new URL("http://localhost/sitemap.xml"), size)).text();
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const base = getSiteSeo().baseUrl;
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(parts).toEqual([1, 2, 3].map((n) => `${base}/sitemap.xml?part=${n}`));

  const locs: string[] = [];
  for (const n of [1, 2, 3]) {
    const response = await sitemapResponse(new URL(`http://localhost/sitemap.xml?part=${n}`), size);
    expect(response.status).toBe(200);
    locs.push(...[...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string));
  }
  expect(locs).toHaveLength(12);
  expect(new Set(locs).size).toBe(12);
  expect(locs.slice(-4)).toEqual(
    ["alpha-batten", "bravo-batten", "charlie-batten", "delta-batten"].map(
      (slug) => `${base}/catalog/${slug}`,
    ),
  );
  for (const bad of ["0", "4", "-1", "abc", "1e3"]) {
    const response = await sitemapResponse(new URL(`http://localhost/sitemap.xml?part=${bad}`), size);
    expect(response.status).toBe(404);
  }
});

test("sitemap addresses are XML-escaped", () => {
  const xml = renderSitemap({ baseUrl: "https://example.nz/shop?a=1&b=<2>", allowIndexing: true }, [
    { path: "/catalog" },
  ]);
  expect(xml).toContain("<loc>https://example.nz/shop?a=1&amp;b=&lt;2&gt;/catalog</loc>");
});

test("robots.txt keeps crawlers out of the back office and sign-in and names the sitemap; indexing off disallows all", async () => {
  const response = robotsRoute.loader();
  expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("User-agent: *\nDisallow: /admin\nDisallow: /auth\n");
  expect(text).toContain(`Sitemap: ${getSiteSeo().baseUrl}/sitemap.xml`);

  expect(renderRobots({ baseUrl: "https://example.nz", allowIndexing: false })).toBe(
    "User-agent: *\nDisallow: /\n",
  );
});

test("a product page shows a published product with related products of its category, and never a price", async () => {
  const timber = await addCategory("Timber");
  const [brand] = await db().insert(brands).values({ name: "Carter Holt" }).returning();
  const product = await addProduct({
    name: "Treated Pine Post",
    description: "H4 treated, 100x100.",
    price: 49.5,
    categoryId: timber.id,
    brandId: brand?.id,
  });
  await addProduct({ name: "Macrocarpa Sleeper", categoryId: timber.id });
  await addProduct({ name: "Hidden Kwila", categoryId: timber.id, isPublished: false });
  await addProduct({ name: "Roofing Screw" });

  const data = await loadProduct(product.slug);
  expect(data.product).toMatchObject({
    name: "Treated Pine Post",
    brandName: "Carter Holt",
    categoryName: "Timber",
    stockStatus: "In Stock",
  });
  expect(data.product).not.toHaveProperty("price");
  expect(JSON.stringify(data)).not.toContain("49.5");
  expect(data.related.map((p) => p.name)).toEqual(["Macrocarpa Sleeper"]);
});

test("an old product slug moves with a 301; unpublished and unknown products are 404", async () => {
  const product = await addProduct({ name: "Roofing Iron" });
  await db().update(products).set({ name: "Corrugated Roofing Iron" }).where(eq(products.id, product.id));
  expect(await thrownBy(() => loadProduct("roofing-iron"))).toEqual({
    status: 301,
    location: "/catalog/corrugated-roofing-iron",
  });

  await addProduct({ name: "Draft Product", isPublished: false });
  expect(await thrownBy(() => loadProduct("draft-product"))).toMatchObject({ status: 404 });
  expect(await thrownBy(() => loadProduct("no-such-product"))).toMatchObject({ status: 404 });
  expect(await thrownBy(() => loadProduct("Not A Slug"))).toMatchObject({ status: 404 });

  // An old slug of a product since unpublished leads nowhere.
  await db().update(products).set({ isPublished: false }).where(eq(products.id, product.id));
  expect(await thrownBy(() => loadProduct("roofing-iron"))).toMatchObject({ status: 404 });
});

test("a case study has its own page; an old slug moves with a 301, an unknown one is 404", async () => {
  const study = await addStudy("Beach House");
  expect((await loadCaseStudy("beach-house")).study).toMatchObject({
    title: "Beach House",
    slug: "beach-house",
  });
  await db().update(caseStudies).set({ title: "Beach House, Raglan" }).where(eq(caseStudies.id, study.id));
  expect(await thrownBy(() => loadCaseStudy("beach-house"))).toEqual({
    status: 301,
    location: "/case-study/beach-house-raglan",
  });
  expect(await thrownBy(() => loadCaseStudy("nothing-here"))).toMatchObject({ status: 404 });
});

test("a product page's meta: unique title, description, canonical, OpenGraph and Twitter card with a 1200x630 image", async () => {
  const product = await addProduct({ name: "Gib Board 10mm", shortDescription: "Standard plasterboard." });
  const loaderData = await loadProduct(product.slug);
  const site = { baseUrl: "https://tradecounter.example", allowIndexing: true };
  const meta = productRoute.meta({ loaderData, matches: layoutMatch(site) } as never) as Descriptor[];

  expect(meta).toContainEqual({ title: "Gib Board 10mm | Trade Counter" });
  expect(metaValue(meta, "name", "description")).toBe("Standard plasterboard.");
  expect(meta).toContainEqual({
    tagName: "link",
    rel: "canonical",
    href: "https://tradecounter.example/catalog/gib-board-10mm",
  });
  expect(metaValue(meta, "property", "og:url")).toBe("https://tradecounter.example/catalog/gib-board-10mm");
  expect(metaValue(meta, "property", "og:type")).toBe("product");
  expect(metaValue(meta, "property", "og:image")).toBe(
    `https://tradecounter.example${DEFAULT_SOCIAL_IMAGE.url}`,
  );
  expect(metaValue(meta, "property", "og:image:width")).toBe("1200");
  expect(metaValue(meta, "property", "og:image:height")).toBe("630");
  expect(metaValue(meta, "name", "twitter:card")).toBe("summary_large_image");
  expect(metaValue(meta, "name", "robots")).toBeUndefined();
});

test("a product whose image has a social crop shares that crop", async () => {
  await db().insert(imageAssets).values({
    url: "/files/products/post.jpg",
    width: 2000,
    height: 1500,
    socialUrl: "/files/products/post-social.jpg",
  });
  const product = await addProduct({ name: "Fence Post", imageUrl: "/files/products/post.jpg" });
  const loaderData = await loadProduct(product.slug);
  const site = { baseUrl: "https://tradecounter.example", allowIndexing: true };
  const meta = productRoute.meta({ loaderData, matches: layoutMatch(site) } as never) as Descriptor[];
  expect(metaValue(meta, "property", "og:image")).toBe(
    "https://tradecounter.example/files/products/post-social.jpg",
  );
  expect(metaValue(meta, "name", "twitter:image")).toBe(
    "https://tradecounter.example/files/products/post-social.jpg",
  );
});

test("ALLOW_INDEXING=false puts noindex on every page; it defaults to true", async () => {
  expect(parseEnv({}).ALLOW_INDEXING).toBe(true);
  expect(parseEnv({ ALLOW_INDEXING: "false" }).ALLOW_INDEXING).toBe(false);
  expect(() => parseEnv({ ALLOW_INDEXING: "maybe" })).toThrow(/ALLOW_INDEXING/);

  const product = await addProduct({ name: "Staging Product" });
  const loaderData = await loadProduct(product.slug);
  const hidden = productRoute.meta({
    loaderData,
    matches: layoutMatch({ baseUrl: "https://staging.example", allowIndexing: false }),
  } as never) as Descriptor[];
  expect(metaValue(hidden, "name", "robots")).toBe("noindex, nofollow");
  const notFound = productRoute.meta({ loaderData: undefined, matches: [] } as never) as Descriptor[];
  expect(metaValue(notFound, "name", "robots")).toBe("noindex, nofollow");
});

test("JSON-LD: Product has no offers; LocalBusiness from the contact content has address, phone and opening hours", async () => {
  const site = { baseUrl: "https://tradecounter.example", allowIndexing: true };
  const product = productJsonLd(site, {
    name: "Deck Screw",
    slug: "deck-screw",
    description: null,
    imageUrl: "/files/products/screw.jpg",
    brandName: "Paslode",
    categoryName: "Hardware",
  });
  expect(product).toMatchObject({
    "@type": "Product",
    name: "Deck Screw",
    url: "https://tradecounter.example/catalog/deck-screw",
    image: "https://tradecounter.example/files/products/screw.jpg",
    brand: { "@type": "Brand", name: "Paslode" },
  });
  expect(product).not.toHaveProperty("offers");
  expect(serializeJsonLd(product)).not.toMatch(/offers|price/i);

  await db()
    .insert(contactContent)
    .values({
      contentType: "contact_info",
      phone: "09 555 0100",
      address: "7 Wharf Street, Onehunga, Auckland 1061",
      businessHours: { Sat: "8:00am - 12:30pm", "Mon - Fri": "6:30am-5pm", Sun: "Closed" },
    });
  const business = localBusinessJsonLd(site, await getContactInfo());
  expect(business).toMatchObject({
    "@type": "LocalBusiness",
    telephone: "09 555 0100",
    address: {
      "@type": "PostalAddress",
      streetAddress: "7 Wharf Street, Onehunga",
      addressLocality: "Auckland",
      postalCode: "1061",
      addressCountry: "NZ",
    },
    openingHours: ["Mo-Fr 06:30-17:00", "Sa 08:00-12:30"],
  });
  expect(toOpeningHours(DEFAULT_CONTACT_INFO.businessHours)).toEqual(["Mo-Fr 07:00-17:00", "Sa 08:00-14:00"]);

  expect(
    breadcrumbJsonLd(site, [
      { name: "Home", path: "/" },
      { name: "Catalogue", path: "/catalog" },
    ]),
  ).toEqual({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: "https://tradecounter.example/" },
      { "@type": "ListItem", position: 2, name: "Catalogue", item: "https://tradecounter.example/catalog" },
    ],
  });
});

test("JSON-LD: a product's own stock code is its sku, before the one its building information sheet gives", () => {
  const site = { baseUrl: "https://tradecounter.example", allowIndexing: true };
  const product = {
    name: "Weatherboard",
    slug: "weatherboard",
    sku: "WB-BB18018-54",
    description: null,
    imageUrl: null,
    brandName: null,
    categoryName: null,
  };
  expect(productJsonLd(site, product)).toMatchObject({ sku: "WB-BB18018-54" });
  const sheet = {
    classification: "class_2" as const,
    identifiers: [{ kind: "sku" as const, value: "MAKER-180" }],
    codeClauses: [],
    version: 1,
    reviewedOn: null,
  };
  expect(productJsonLd(site, product, { sheet, certificates: [] })).toMatchObject({ sku: "WB-BB18018-54" });
  expect(productJsonLd(site, { ...product, sku: null }, { sheet, certificates: [] })).toMatchObject({
    sku: "MAKER-180",
  });
  expect(productJsonLd(site, { ...product, sku: null })).not.toHaveProperty("sku");
});

test("JSON-LD cannot break out of its script element: a name with </script> stays data", () => {
  const name = 'Evil </script><script>alert("x")</script> & <!-- Drill';
  const data = productJsonLd(
    { baseUrl: "https://tradecounter.example", allowIndexing: true },
    { name, slug: "evil", description: null, imageUrl: null, brandName: null, categoryName: null },
  );
  const json = serializeJsonLd(data);
  expect(json).not.toMatch(/[<>&]/);
  expect(JSON.parse(json).name).toBe(name);

  const html = renderToString(createElement(JsonLd, { data }));
  expect(html.match(/<\/script/g)).toHaveLength(1);
  expect(html.match(/<script/g)).toHaveLength(1);
  const inner = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1] ?? "";
  expect(JSON.parse(inner).name).toBe(name);
});
