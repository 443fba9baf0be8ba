// One way to write. In app/modules and app/routes nothing opens a transaction (the runner's is
// the only one), and the database and file storage are written only by a module's commands
// (app/modules/<domain>/commands.server.ts), which run through server/commands/runner.server.ts:
// the runner checks who may, holds the transaction, writes the audit events and runs the effects
// after the commit. A write found anywhere else escapes all four.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const APP = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const layerFiles = [...sourceFiles(path.join(APP, "modules")), ...sourceFiles(path.join(APP, "routes"))];

function isCommandsFile(file: string) {
  return /^modules\/[^/]+\/commands\.server\.ts$/.test(path.relative(APP, file).split(path.sep).join("/"));
}

function relative(file: string) {
  return path.relative(APP, file).split(path.sep).join("/");
}

/** The names a file imports from the database schema (its tables). */
function schemaImports(source: ts.SourceFile) {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!/server\/db\/schema/.test(from)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}

type Finding = { file: string; line: number; what: string };

/** Each place a file writes: `.insert(table)`, `.update(table)`, `.delete(table)`, raw SQL writes, storage writes. */
function writesIn(file: string): Finding[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const tables = schemaImports(source);
  const found: Finding[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push({
      file: relative(file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      what,
    });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (
        ["insert", "update", "delete"].includes(method) &&
        first &&
        ts.isIdentifier(first) &&
        tables.has(first.text)
      )
        at(node, `${method}(${first.text})`);
      if (method === "transaction") at(node, "opens a transaction");
      // The storage's writing methods, however the storage was reached.
      const receiver = node.expression.expression.getText(source);
      if (
        ["put", "delete", "putServingMark", "deleteUnfinished"].includes(method) &&
        /storage/i.test(receiver)
      )
        at(node, `storage ${method}`);
    }
    if (ts.isIdentifier(node) && node.text === "inTransaction") at(node, "inTransaction");
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node)) {
      if (/^\s*(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/im.test(node.text)) at(node, "SQL write");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test("no module or route opens a transaction of its own", () => {
  const opened = layerFiles
    .flatMap(writesIn)
    .filter((f) => f.what === "opens a transaction" || f.what === "inTransaction");
  expect(opened).toEqual([]);
});

test("modules and routes write to the database and to storage only in a module's commands", () => {
  const outside = layerFiles
    .filter((file) => !isCommandsFile(file))
    .flatMap(writesIn)
    .filter((f) => f.what !== "opens a transaction" && f.what !== "inTransaction");
  expect(outside).toEqual([]);
});

test("in app/server only the runner and the log's own retention open the one transaction", () => {
  const allowed = new Set([
    "server/commands/runner.server.ts",
    "server/audit/audit.server.ts",
    "server/db/db.server.ts",
  ]);
  const opening = sourceFiles(path.join(APP, "server"))
    .filter((file) => !allowed.has(relative(file)))
    .flatMap(writesIn)
    .filter((f) => f.what === "inTransaction");
  expect(opening).toEqual([]);
});

test("the check finds a write outside a command (it can fail)", () => {
  const sample = path.join(import.meta.dirname, "fixtures/write-outside.ts.txt");
  const copy = path.join(APP, "modules", "__probe_write_outside.ts");
  fs.copyFileSync(sample, copy);
  try {
    expect(writesIn(copy).map((f) => f.what)).toEqual([
      "insert(products)",
      "opens a transaction",
      "storage put",
      "SQL write",
    ]);
  } finally {
    fs.rmSync(copy);
  }
});
