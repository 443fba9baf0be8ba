// The benchmark's probes, loaded into the server process it measures with
// `node --import ./bench/probes/register.js server.js` (startServer({ probes: true })), so the app
// itself carries nothing for the bench. Two figures no timing from outside can give:
//
// - X-Sql-Statements on every page React Router answers: how many SQL statements were sent for it
//   (counted where Drizzle sends a statement, on both engines: statements.js).
// - A GET carrying X-Bench-Render-From-Memory: N is rendered N more times with its loaders' data
//   from the first render, and answers with the CPU milliseconds each of those renders took
//   (X-Render-From-Memory-Ms): React Router and React's share of a page, with no database,
//   Express or compression in it (react-router.js).
//
// The built app imports "react-router" by name; a resolve hook hands the build (and only the
// build) react-router.js instead, which is react-router with its createRequestHandler wrapped.
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { countStatementsOfDrizzle } from "./statements.js";

const buildUrl = pathToFileURL(`${path.resolve(process.env.BUILD_DIR || "build")}${path.sep}`).href;
const shimUrl = new URL("./react-router.js", import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "react-router" && context.parentURL?.startsWith(buildUrl)) {
      return { url: shimUrl, format: "module", shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});

await countStatementsOfDrizzle();
