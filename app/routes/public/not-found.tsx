import { data } from "react-router";
import { NotFoundScreen } from "~/components/site/product-page/not-found-screen";
import { privatePageMeta } from "~/modules/seo/meta";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/not-found";

export function meta() {
  return privatePageMeta("Page not found");
}

export function loader({ request }: Route.LoaderArgs) {
  logger.warn({ path: new URL(request.url).pathname }, "404: no route matches");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
