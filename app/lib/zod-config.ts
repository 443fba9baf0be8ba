// Zod 4 compiles object parsers with `new Function` when it may, and probes for it first. The
// Content-Security-Policy has no 'unsafe-eval', so the probe would be blocked and reported as a
// violation on every page. Parsing without the compiler is fast enough for a form. Imported first
// by app/root.tsx: the route modules load before the client entry, and a module of theirs may
// parse at load.
import { config } from "zod";

config({ jitless: true });
