import { data, Link } from "react-router";
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
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="font-extrabold text-6xl text-primary">404</h1>
      <p className="text-muted-foreground text-xl">Oops! Page not found</p>
      <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </Link>
    </section>
  );
}
