// The public page types the page-weight and Lighthouse sections measure, with real addresses found
// on the running server's own pages (the demo seed): a category of the catalogue's filter and a
// word from that category's products that finds some of them, a product and a case study.
// Read over HTTP only, so it needs no database handle and works the same on both engines.

/** What the catalogue's result line says it found ("Showing 1–4 of 4 products"), else the cards. */
function resultCount(html) {
  const said = html.match(/of ([\d,]+) products?\b/);
  if (said) return Number(said[1].replaceAll(",", ""));
  return productSlugs(html).length;
}

function productSlugs(html) {
  return [...new Set([...html.matchAll(/href="\/catalog\/([a-z0-9-]+)"/g)].map((m) => m[1]))];
}

/** Words of product slugs, most frequent first: "h3-2-treated-pine-90x45" gives treated, pine. */
function candidateWords(slugs) {
  const counts = new Map();
  for (const slug of slugs) {
    for (const word of new Set(slug.split("-"))) {
      if (word.length >= 4 && /^[a-z]+$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}

/**
 * [{ type, path }] for every public page type, found once per server (cached on ctx). A page type
 * whose address cannot be found (no published case study, say) is left out with a note.
 */
export async function publicPages(ctx) {
  if (ctx.publicPages) return ctx.publicPages;
  const get = async (path) => {
    const response = await fetch(ctx.server.base + path);
    return response.ok ? response.text() : "";
  };
  const catalog = await get("/catalog");
  const categories = [
    ...new Set(
      [...catalog.matchAll(/href="\/catalog\?category=([^"&]+)"/g)].map((m) => decodeURIComponent(m[1])),
    ),
  ];
  let filtered = null;
  for (const category of categories) {
    const query = `/catalog?category=${encodeURIComponent(category)}`;
    const words = candidateWords(productSlugs(await get(query)));
    for (const word of words.slice(0, 5)) {
      const path = `${query}&q=${encodeURIComponent(word)}`;
      const found = resultCount(await get(path));
      // Two or more results, fewer than a full category: a search that narrowed the filter.
      if (found >= 2) {
        filtered = { path, found };
        break;
      }
    }
    if (filtered) break;
  }
  const product = productSlugs(catalog)[0];
  const caseStudy = (await get("/case-study")).match(/href="(\/case-study\/[a-z0-9-]+)"/)?.[1];
  const pages = [
    { type: "home", path: "/" },
    { type: "catalogue", path: "/catalog" },
    filtered ? { type: "catalogue, filtered + searched", path: filtered.path, found: filtered.found } : null,
    product ? { type: "product", path: `/catalog/${product}` } : null,
    { type: "case studies", path: "/case-study" },
    caseStudy ? { type: "case study", path: caseStudy } : null,
    { type: "certifications", path: "/certifications" },
    { type: "contact", path: "/contact" },
    { type: "terms", path: "/terms-conditions" },
    { type: "privacy", path: "/privacy" },
  ].filter(Boolean);
  if (!filtered)
    console.log("  no category and word with results found: the filtered search page is left out");
  if (!product) console.log("  no product link on /catalog: the product page is left out");
  if (!caseStudy) console.log("  no case study link on /case-study: the case-study page is left out");
  ctx.publicPages = pages;
  return pages;
}

/** Catalogue pages (the list, filtered or not), whose HTML target differs from the others'. */
export function isCataloguePage(page) {
  return page.path === "/catalog" || page.path.startsWith("/catalog?");
}
