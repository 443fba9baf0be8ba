// Where a worker thread's code is, seen from the module that starts it (`here`, its
// import.meta.url): from source (development's Vite server and the tests run the app as
// TypeScript), the worker module through tsx, which reads the `~/` paths from tsconfig.json; from
// the build, the entry the build writes beside the starting module's chunk (vite.config.ts names
// the server build's entries and puts its chunks beside them).

export type ThreadEntry = { url: URL; execArgv?: string[] };

export function threadEntry(here: string, entries: { source: string; built: string }): ThreadEntry {
  return here.endsWith(".ts")
    ? { url: new URL(entries.source, here), execArgv: [...process.execArgv, "--import", "tsx"] }
    : { url: new URL(entries.built, here) };
}
