// Zod 4 compiles object parsers with `new Function` when it may, and probes for it first. The
// Content-Security-Policy has no 'unsafe-eval', so the probe would be blocked and reported as a
// violation. Parsing without the compiler is fast enough for a form. Imported first by
// app/root.tsx: the route modules load before the client entry, and a module of theirs may parse
// at load.
//
// The setting is written where zod keeps its global configuration (`globalThis.__zod_globalConfig`,
// which its `config()` writes too) rather than through `config()`: importing zod here would make
// zod part of every page's first load, and most public pages never parse in the browser.
// zod-config.unit.test.ts checks that zod reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
