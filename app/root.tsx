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
  useRouteLoaderData,
} from "react-router";
import { toast as showToast } from "sonner";
import { Toaster } from "~/components/ui/sonner";
import { NOINDEX } from "~/modules/seo/meta";
import { getSessionUser } from "~/server/auth/guards.server";
import { readToast } from "~/server/toast.server";
import type { Route } from "./+types/root";
import "./app.css";

export async function loader({ request }: Route.LoaderArgs) {
  const [user, { toast, headers }] = await Promise.all([getSessionUser(request), readToast(request)]);
  return data({ user, toast }, { headers });
}

export function useOptionalUser() {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
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
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh bg-background font-sans text-foreground antialiased">
        {children}
        <Toaster />
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
