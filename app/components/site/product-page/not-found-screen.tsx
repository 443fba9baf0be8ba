import { Link } from "react-router";

/** The site's 404 screen, for a detail page whose slug names nothing (the same as the "*" route's). */
export function NotFoundScreen() {
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

/** Any other failure of a detail page, inside the site's header and footer. */
export function PageFailedScreen() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="font-bold text-4xl">Something went wrong</h1>
      <p className="text-lg text-muted-foreground">
        An unexpected error occurred. Please try again in a moment.
      </p>
      <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </Link>
    </section>
  );
}
