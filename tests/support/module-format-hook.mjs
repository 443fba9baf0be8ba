// Preloaded into every Vitest worker (vitest.config.ts, execArgv): resolves a package's relative
// `./x.js` imports itself when the package says `"type": "module"`, instead of Node's resolver.
//
// Why: Node 24's resolver works out each imported .js file's format from its package.json, and
// for that it copies the whole parsed package.json, re-parsing its "exports" map, once per file.
// drizzle-orm's package.json is 175 kB and a test file loads a few hundred of its files, so every
// test process spent about a second of CPU parsing that one JSON again and again (measured with
// --cpu-prof: `get` in package_json_reader.js was the hottest function of a test worker).
//
// What it does is what Node would do for such an import: the URL is the specifier resolved against
// the importing file (relative specifiers never go through "exports"), the format is "module"
// because the nearest package.json says so, and the file must exist. Anything else (bare
// specifiers, .cjs/.mjs, packages without "type": "module", require()) goes to Node's resolver.
import fs from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The "type" of the nearest package.json above a folder, read once per folder. */
const typeByFolder = new Map();

function packageType(folder) {
  let type = typeByFolder.get(folder);
  if (type !== undefined) return type;
  const manifest = path.join(folder, "package.json");
  if (fs.existsSync(manifest)) {
    try {
      type = JSON.parse(fs.readFileSync(manifest, "utf8")).type ?? "commonjs";
    } catch {
      type = "unknown";
    }
  } else {
    const parent = path.dirname(folder);
    type = parent === folder ? "commonjs" : packageType(parent);
  }
  typeByFolder.set(folder, type);
  return type;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith("file:") &&
      parent.includes("/node_modules/") &&
      (specifier.startsWith("./") || specifier.startsWith("../")) &&
      specifier.endsWith(".js") &&
      !context.conditions?.includes("require")
    ) {
      const url = new URL(specifier, parent);
      const file = fileURLToPath(url);
      if (
        packageType(path.dirname(file)) === "module" &&
        fs.statSync(file, { throwIfNoEntry: false })?.isFile()
      ) {
        return { url: url.href, format: "module", shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
});
