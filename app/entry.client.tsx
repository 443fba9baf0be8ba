// The browser entry: React Router's default hydration, after one setting.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { config } from "zod";

// Zod 4 compiles object parsers with `new Function` when it may. The Content-Security-Policy has
// no 'unsafe-eval', so its first probe would be blocked and reported as a violation on every page
// with a form. Parsing without the compiler is fast enough for a form; the server keeps it.
config({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
