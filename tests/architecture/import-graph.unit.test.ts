// The folders of app/ import each other in one direction only: routes -> modules -> server, no
// folder cycles (a cycle means two folders are really one, or a helper lives in the wrong one),
// and nothing of app/server imports a module, a route or a component. Nor do files import each
// other in a loop, type-only and lazy imports included: a loop means neither file can be read,
// tested or moved without the other, and its load order decides what each sees at start-up.
// Biome's import rules catch a single wrong import; this walk catches a loop made of several
// right-looking ones.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "../../app");

/** The folder a file belongs to: modules/<domain>, server/<part>, components/<area>, or the top folder. */
function folderOf(file: string) {
  const parts = path.relative(APP, file).split(path.sep);
  if (["modules", "server", "components"].includes(parts[0] as string) && parts.length > 2) {
    return `${parts[0]}/${parts[1]}`;
  }
  return parts.length > 1 ? (parts[0] as string) : ".";
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string) {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
  return null;
}

/** The source file an import names, if it is one of app/'s own (`./x` is x.ts, x.tsx or x/index.ts). */
function resolveFile(target: string) {
  const candidates = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ending) => target + ending);
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile());
}

/** Every import of app/'s own files: [importing file, specifier, imported path without resolving]. */
function imports() {
  return sourceFiles(APP).flatMap((file) =>
    ts.preProcessFile(fs.readFileSync(file, "utf8"), true, false).importedFiles.flatMap(({ fileName }) => {
      const target = resolveImport(file, fileName);
      return target ? [{ file, fileName, target }] : [];
    }),
  );
}

/** Folder -> the folders its files import, each arrow with one file that draws it. */
function folderGraph() {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, fileName, target } of imports()) {
    const [from, to] = [folderOf(file), folderOf(target)];
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    graph.get(from)?.set(to, `${path.relative(APP, file)} imports ${fileName}`);
  }
  return graph;
}

/** File -> the files it imports (static, type-only and lazy `import()` alike). */
function fileGraph() {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, fileName, target } of imports()) {
    const imported = resolveFile(target);
    if (!imported) continue;
    const [from, to] = [path.relative(APP, file), path.relative(APP, imported)];
    if (!graph.has(from)) graph.set(from, new Map());
    graph.get(from)?.set(to, `${from} imports ${fileName}`);
  }
  return graph;
}

/** Every cycle's folders (Tarjan's strongly connected components of more than one folder). */
function cycles(graph: Map<string, Map<string, string>>) {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.map((component) =>
    component.flatMap((from) =>
      [...(graph.get(from) ?? [])].filter(([to]) => component.includes(to)).map(([, why]) => why),
    ),
  );
}

describe("the import graph of app/", () => {
  const graph = folderGraph();

  it("has folders and arrows to check", () => {
    expect(graph.get("routes")?.has("modules/products")).toBe(true);
    expect(graph.get("modules/products")?.has("server/db")).toBe(true);
    const files = fileGraph();
    expect(files.get("components/site/product-card.tsx")?.has("components/site/product-image.tsx")).toBe(
      true,
    );
    expect(
      files
        .get("components/site/catalog/quick-view-button.tsx")
        ?.has("components/site/catalog/quick-view-dialog.tsx"),
    ).toBe(true);
  });

  it("has no cycle between folders", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has no import cycle between files", () => {
    expect(cycles(fileGraph())).toEqual([]);
  });

  it("has no arrow from app/server to a module, a route or a component", () => {
    const outward = [...graph]
      .filter(([from]) => from === "server" || from.startsWith("server/"))
      .flatMap(([, arrows]) =>
        [...arrows].filter(([to]) => /^(modules|routes|components)\b/.test(to)).map(([, why]) => why),
      );
    expect(outward).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const looped = new Map([
      ["a", new Map([["b", "a imports b"]])],
      ["b", new Map([["a", "b imports a"]])],
    ]);
    expect(cycles(looped)).toEqual([["a imports b", "b imports a"]]);
  });
});
