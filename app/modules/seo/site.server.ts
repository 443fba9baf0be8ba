// The site's public address and indexing switch, read from the environment once per request by
// the public layout's loader and by the sitemap and robots.txt.
import { getEnv } from "~/server/env.server";
import type { SiteSeo } from "./meta";

export function getSiteSeo(): SiteSeo {
  const env = getEnv();
  const baseUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { baseUrl, allowIndexing: env.ALLOW_INDEXING };
}
