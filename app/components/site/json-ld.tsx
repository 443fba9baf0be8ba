import { useRouteLoaderData } from "react-router";
import type { ContactInfo } from "~/modules/content/contact-info";
import { type JsonLdObject, serializeJsonLd } from "~/modules/seo/json-ld";
import type { SiteSeo } from "~/modules/seo/meta";

/**
 * Structured data for search engines, one <script type="application/ld+json"> per object. Not
 * executed, so it needs no CSP nonce; serializeJsonLd keeps "</script>" in a name from ending it.
 */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  const items = Array.isArray(data) ? data : [data];
  return items.map((item) => (
    <script
      key={`${String(item["@type"])}-${String(item["@id"] ?? item.name ?? "")}`}
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element by serializeJsonLd
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }}
    />
  ));
}

/** The public layout's site settings and contact details, for a page's JSON-LD. */
export function usePublicSite(): { site: SiteSeo; contact: ContactInfo | null } {
  const data = useRouteLoaderData("routes/public/layout") as
    | { site?: SiteSeo; contact?: ContactInfo }
    | undefined;
  return { site: data?.site ?? { baseUrl: "", allowIndexing: true }, contact: data?.contact ?? null };
}
