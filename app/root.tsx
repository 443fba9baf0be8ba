// First: configures zod before any route module can parse (see the file).
import "~/lib/zod-config";
import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
} from "react-router";
import { toast as showToast } from "~/components/ui/toast";
import { ToasterOnDemand } from "~/components/ui/toaster-on-demand";
import { NOINDEX } from "~/modules/seo/meta";
import { getSessionUser } from "~/server/auth/guards.server";
import { observeDatabaseOutage } from "~/server/db/client.server";
import { readToast } from "~/server/toast.server";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";

// A stylesheet with a precedence is a resource React puts ahead of the module preloads in the
// head: the page paints once this arrives, not after forty scripts it does not need to paint.
// (Vitest does not process CSS: there the URL is empty and there is no stylesheet to link.)
export const links: Route.LinksFunction = () =>
  appCss ? [{ rel: "stylesheet", href: appCss, precedence: "high" }] : [];

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * A page rendered while the database was unreachable is answered 503 (try again), whatever its
 * loaders made of it: an error (500) or, where a load error is only logged, a page of
 * empty lists and defaults (200). It is not the page, so no cache may keep it and no crawler
 * should index it. Modules read shared content through a memo, so a page may have met the
 * outage only second-hand: a page finished while the database is down counts too. Files and
 * other resources count only when their own reads failed; redirects pass unchanged. A post is
 * answered by its action, which knows whether its write landed (an enquiry stored just before
 * the outage is acknowledged as such); only an error of its own becomes 503.
 */
const answerDatabaseOutage: Route.MiddlewareFunction = async ({ request }, next) => {
  const { value: response, failed, down } = await observeDatabaseOutage(() => next());
  if (response.status >= 300 && response.status < 400) return response;
  const read = request.method === "GET" || request.method === "HEAD";
  const unavailable = read ? failed || (down && isPage(response)) : failed && response.status === 500;
  if (!unavailable) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};

/** An HTML document or the turbo-stream data of a client navigation. */
function isPage(response: Response) {
  const type = response.headers.get("Content-Type") ?? "";
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}

export const middleware: Route.MiddlewareFunction[] = [answerDatabaseOutage];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, { toast, headers }] = await Promise.all([getSessionUser(request), readToast(request)]);
  return data({ user, toast }, { headers });
}

export function meta() {
  return [
    { title: "Trade Counter | Building supplies for New Zealand builders" },
    {
      name: "description",
      content:
        "Timber, roofing, cladding, insulation, tools and hardware for builders and contractors. Contact us for trade pricing.",
    },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The back office is never for search engines, whatever ALLOW_INDEXING says.
  const admin = useMatches().some((match) => match.id.startsWith("routes/admin/"));
  return (
    <html lang="en-NZ">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {admin ? <meta name="robots" content={NOINDEX} /> : null}
        {/* A public page is first painted once its main content has been read whole: a browser
            may otherwise paint a half-read page (a button without its label, the menu without
            its button) and move it as the rest arrives. Browsers without it paint as before. */}
        {admin ? null : <link rel="expect" href="#main" blocking="render" />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh bg-background font-sans text-foreground antialiased">
        {children}
        <ToasterOnDemand now={admin} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function FlashToast() {
  const { toast } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : showToast.success;
    show(toast.title, { description: toast.description });
  }, [toast]);
  return null;
}

export default function App() {
  return (
    <>
      <FlashToast />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "404" : `${error.status}`;
    detail = error.status === 404 ? "Oops! Page not found" : error.statusText || detail;
    if (error.status === 403) detail = "You don't have permission to access this page.";
    if (error.status === 503) detail = "The site is briefly unavailable. Please try again in a moment.";
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-bold text-4xl">{title}</h1>
      <p className="text-lg text-muted-foreground">{detail}</p>
      <Link to="/" className="font-medium text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
