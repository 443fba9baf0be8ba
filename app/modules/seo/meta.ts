// The <head> of every public page: title, description, canonical URL, OpenGraph and Twitter card,
// and robots. Pure functions: the site's base URL and indexing switch come from the public
// layout's loader (see site.server.ts), so a meta export only names what is its own.
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Trade Counter";

/** What every page's meta needs to know about the site: from the environment, via the layout. */
export type SiteSeo = {
  /** PUBLIC_URL without a trailing slash, e.g. https://tradecounter.co.nz */
  baseUrl: string;
  /** ALLOW_INDEXING: false puts noindex on every page. */
  allowIndexing: boolean;
};

export type SocialImage = { url: string; width: number; height: number; alt: string };

/** The branded 1200x630 card (public/social-card.png) for pages whose image has no social crop. */
export const DEFAULT_SOCIAL_IMAGE: SocialImage = {
  url: "/social-card.png",
  width: 1200,
  height: 630,
  alt: "Trade Counter: building supplies for New Zealand builders",
};

export const NOINDEX = "noindex, nofollow";

// Used when a meta function runs without the layout's data (an error above the layout): links
// stay relative rather than wrong, and nothing is hidden from search engines by accident.
const FALLBACK_SITE: SiteSeo = { baseUrl: "", allowIndexing: true };

/** The public layout's `site` from a meta function's matches. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  for (const match of matches) {
    const data = match?.loaderData as { site?: SiteSeo } | null | undefined;
    if (data?.site) return data.site;
  }
  return FALLBACK_SITE;
}

/** An absolute URL on this site for a path ("/catalog") or an already absolute URL (left as is). */
export function absoluteUrl(site: SiteSeo, pathOrUrl: string) {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${site.baseUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Plain text cut at a word to at most `max` characters, for descriptions (search engines show ~155). */
export function summarize(text: string, max = 155) {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), max * 0.6));
  return `${atWord.replace(/[\s,.;:–—-]+$/, "")}…`;
}

/**
 * The social image of a page: the 1200x630 crop made at upload when the page's picture has one,
 * else the site's default card.
 */
export function socialImageFor(asset: { socialUrl?: string | null } | null | undefined, alt: string) {
  return asset?.socialUrl ? { url: asset.socialUrl, width: 1200, height: 630, alt } : DEFAULT_SOCIAL_IMAGE;
}

export type PageSeo = {
  /** The page's own title; " | Trade Counter" is added. */
  title: string;
  description: string;
  /** The canonical path (with only the query parameters that make a different page). */
  path: string;
  image?: SocialImage;
  /** OpenGraph type: product and case-study pages are more than a website. */
  type?: "website" | "article" | "product";
  /** Pages that are never for search engines (sign-in, 404). */
  noindex?: boolean;
};

export function fullTitle(title: string) {
  return title === SITE_NAME || title.endsWith(`| ${SITE_NAME}`) ? title : `${title} | ${SITE_NAME}`;
}

/** The meta descriptors of one public page. */
export function pageMeta(site: SiteSeo, page: PageSeo): MetaDescriptor[] {
  const title = fullTitle(page.title);
  const url = absoluteUrl(site, page.path);
  const image = page.image ?? DEFAULT_SOCIAL_IMAGE;
  const imageUrl = absoluteUrl(site, image.url);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "en_NZ" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    // X reads the title, description and image's alt text from the og: tags when its own are absent.
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: imageUrl },
  ];
  if (page.noindex || !site.allowIndexing) meta.push({ name: "robots", content: NOINDEX });
  return meta;
}

/** A page that must never be indexed and is not worth sharing (sign-in, not found). */
export function privatePageMeta(title: string, description?: string): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title: fullTitle(title) }, { name: "robots", content: NOINDEX }];
  if (description) meta.push({ name: "description", content: description });
  return meta;
}
