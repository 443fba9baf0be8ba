// `npm run bench:walk`: which app/ files and functions one request visits, in what order, and
// where it reads the body, judges the input and stores. Two requests are walked:
//   contact  a visitor's contact form with a file, posted as a browser without JavaScript does
//            (multipart, the page's form token, a quote list cookie of one product);
//   quote    staff sending a draft quote of one line from the builder's dialog, as the browser
//            with JavaScript posts it (the builder form's fields and intent=send, to `.data`).
// The whole Express app of server/app.ts runs in this process over the real route table
// (tests/support/app-handler.ts), loaded through Vite's SSR loader on a migrated in-memory PGlite.
// A Vite plugin wraps the body of every function of app/**/*.ts(x) (TypeScript's parser finds
// them) so that entering and leaving it are recorded: `{ const f = __walk(id); try { … } finally
// { __walkLeave(f) } }`, an arrow's expression body becoming `return (…)` inside. Only calls made
// while the measured request is handled count (its own async context), after the same request has
// been made once to warm up. Nothing in app/ changes.
//
// Each call is recorded with the call it was made from, so the request's calls form a tree: the
// running function's frame is the async context's store, each await and yield of a function gives
// its caller back the caller's frame while the function waits, and takes the function's own again
// after (the rewritten `await x` waits for a promise of x's outcome, one tick longer). Calls made
// side by side (Promise.all, a promise left running) thus hang under the call that made them.
// Limits: a callback registered earlier (a promise's then, a timer, an event listener) is a callee
// of the function that was running when it was registered or its event was emitted, not of the
// library that runs it; a generator resumed by another caller stays under its first one.
//
// Reported for the whole request and its phases (the route module's action, from its entry to its
// exit with the work it left running; up to the render; the render; after the answer): files and
// functions entered, the deepest row of calls, and the rows of calls that go back and forth (a
// call into a file that an outer call of the same row is in, with another file between: A→B→A),
// counted and listed from the outer call in that file down to the one coming back. The flat order
// of entries is kept as well: file visits, re-entries into a file after another, and the longest
// alternation of two files, which cannot tell a caller using a helper in a loop (A→B, A→B) from a
// helper calling back into its caller.
//
//   npm run bench:walk                          both requests, on this checkout
//   npm run bench:walk -- --root ../before      another checkout of the app (its own node_modules)
//   npm run bench:walk -- --only quote --functions --json walk.json
import { AsyncLocalStorage } from "node:async_hooks";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";
import { createServer, createServerModuleRunner, type Plugin } from "vite";

const { values: options } = parseArgs({
  options: {
    root: { type: "string" },
    only: { type: "string" },
    functions: { type: "boolean", default: false },
    json: { type: "string" },
    ignore: { type: "string" },
  },
});
const root = path.resolve(options.root ?? path.join(import.meta.dirname, ".."));
const appDir = path.join(root, "app");
const jsonFile = options.json ? path.resolve(options.json) : undefined;
// The app and its test support find their folders (app/, drizzle/) from the working directory.
process.chdir(root);
/** Files left out of the counts (paths under app/, a folder ending in "/" or a file). */
const ignored = (options.ignore ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => `app/${s}`);
const only = new Set((options.only ?? "contact,quote").split(",").map((s) => s.trim()));
for (const name of only)
  if (name !== "contact" && name !== "quote")
    throw new Error(`--only takes contact, quote or both, not ${name}`);

// ---------------------------------------------------------------------------------------------
// Instrumentation: every function of app/ (declarations, methods, accessors, constructors,
// function expressions, arrows) gets an id, a readable name, and calls on entry and on exit.

type FunctionInfo = { file: string; name: string; line: number; endLine: number; judges: string[] };
const functions: FunctionInfo[] = [];

type FunctionNode = ts.FunctionLikeDeclaration & { body: ts.Node };

function isFunctionWithBody(node: ts.Node): node is FunctionNode {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isConstructorDeclaration(node)) &&
    node.body !== undefined
  );
}

function nameText(name: ts.Node, source: ts.SourceFile) {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return name.getText(source);
}

/** The node a function expression is the value of, past parentheses and type assertions. */
function valueParent(node: ts.Node) {
  let parent = node.parent;
  while (
    parent &&
    (ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      ts.isTypeAssertionExpression(parent))
  )
    parent = parent.parent;
  return parent;
}

/** A function's own name, and the declaration that gave it (a variable or property) if any. */
function ownName(fn: FunctionNode, source: ts.SourceFile): { name?: string; from?: ts.Node } {
  if (ts.isConstructorDeclaration(fn)) return { name: "constructor" };
  if (!ts.isArrowFunction(fn) && fn.name) {
    const prefix = ts.isGetAccessorDeclaration(fn) ? "get " : ts.isSetAccessorDeclaration(fn) ? "set " : "";
    return { name: prefix + nameText(fn.name, source) };
  }
  const parent = valueParent(fn);
  if (!parent) return {};
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return { name: nameText(parent.name, source), from: parent };
  if (ts.isExportAssignment(parent)) return { name: "default" };
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    return { name: parent.left.getText(source) };
  return {};
}

/**
 * "outer.inner" from the named things around a function: functions, classes, variables and
 * object properties. An unnamed function is λ and its line: `send.λ42` is a callback on line 42.
 */
function qualifiedName(fn: FunctionNode, source: ts.SourceFile) {
  const parts: string[] = [];
  const used = new Set<ts.Node>();
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (let node: ts.Node | undefined = fn; node && !ts.isSourceFile(node); node = node.parent) {
    if (used.has(node)) continue;
    if (isFunctionWithBody(node)) {
      const own = ownName(node, source);
      if (own.from) used.add(own.from);
      parts.unshift(own.name ?? `λ${lineOf(node)}`);
    } else if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name) {
      parts.unshift(node.name.text);
    } else if (
      (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ) {
      parts.unshift(node.name.text);
    }
  }
  return parts.join(".");
}

/** Objects whose `.parse(…)` is no schema's. */
const NOT_SCHEMAS = new Set(["JSON", "Date", "URL", "Number", "path", "BigInt", "Intl"]);
const PARSE_METHODS = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync", "spa"]);
const PARSE_FUNCTIONS = new Set(["parseWithZod", "parseSubmission"]);

/** The zod checks a function's own body makes (`schema.safeParse(…)`, `parseWithZod(…)`). */
function judgesIn(fn: FunctionNode, source: ts.SourceFile) {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (node !== fn && isFunctionWithBody(node)) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        PARSE_METHODS.has(callee.name.text) &&
        !NOT_SCHEMAS.has(callee.expression.getText(source))
      )
        found.push(
          `${callee.expression.getText(source).replace(/\s+/g, " ").slice(0, 40)}.${callee.name.text}`,
        );
      else if (ts.isIdentifier(callee) && PARSE_FUNCTIONS.has(callee.text)) found.push(callee.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(fn);
  return found;
}

/** The name each instrumented function gives its frame (a nested function's shadows it). */
const FRAME = "__walkFrame";

/**
 * Text to put in at a place of the source. Several at one place go openings first, outer before
 * inner (made first), then closings, inner before outer (made last).
 */
type Insert = { at: number; text: string; closes: boolean; made: number };

function applyInserts(code: string, inserts: Insert[]) {
  const sorted = inserts.toSorted(
    (a, b) =>
      a.at - b.at || Number(a.closes) - Number(b.closes) || (a.closes ? b.made - a.made : a.made - b.made),
  );
  let out = "";
  let from = 0;
  for (const insert of sorted) {
    out += code.slice(from, insert.at) + insert.text;
    from = insert.at;
  }
  return out + code.slice(from);
}

/**
 * Each await and yield of a function's own hands its caller back the caller's frame and takes the
 * function's frame again after; so does a `for await`, whose first wait is put before its loop.
 */
function markPauses(
  fn: FunctionNode,
  source: ts.SourceFile,
  put: (at: number, text: string, closes?: boolean) => void,
) {
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isAwaitExpression(node)) {
      put(node.getStart(source), `globalThis.__walkAwaited(${FRAME},`);
      put(node.expression.getStart(source), `globalThis.__walkAwait(${FRAME},`);
      put(node.expression.getEnd(), ")", true);
      put(node.getEnd(), ")", true);
    } else if (ts.isYieldExpression(node)) {
      put(node.getStart(source), `globalThis.__walkYielded(${FRAME},`);
      if (node.expression) {
        put(node.expression.getStart(source), `globalThis.__walkYield(${FRAME},`);
        put(node.expression.getEnd(), ")", true);
      } else put(node.getEnd(), ` globalThis.__walkYield(${FRAME})`);
      put(node.getEnd(), ")", true);
    } else if (ts.isForOfStatement(node) && node.awaitModifier) {
      put(
        node.expression.getStart(source),
        `(globalThis.__walkAwaited(${FRAME},await globalThis.__walkAwait(${FRAME})),`,
      );
      put(node.expression.getEnd(), ")", true);
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
}

function instrument(code: string, file: string) {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const relative = path.relative(root, file);
  const inserts: Insert[] = [];
  const put = (at: number, text: string, closes = false) =>
    inserts.push({ at, text, closes, made: inserts.length });
  const lineAt = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (isFunctionWithBody(node)) {
      const id = functions.length;
      functions.push({
        file: relative,
        name: qualifiedName(node, source),
        line: lineAt(node.getStart(source)),
        endLine: lineAt(node.getEnd()),
        judges: judgesIn(node, source),
      });
      const enter = `const ${FRAME}=globalThis.__walk(${id});try{`;
      const leave = `}finally{globalThis.__walkLeave(${FRAME})}`;
      const body = node.body;
      if (ts.isBlock(body)) {
        // A derived class's constructor may not run anything before super().
        const first = body.statements[0];
        const isSuper =
          ts.isConstructorDeclaration(node) &&
          first &&
          ts.isExpressionStatement(first) &&
          ts.isCallExpression(first.expression) &&
          first.expression.expression.kind === ts.SyntaxKind.SuperKeyword;
        put(isSuper ? first.getEnd() : body.getStart(source) + 1, enter);
        put(body.getEnd() - 1, leave, true);
      } else {
        put(body.getStart(source), `{${enter}return (`);
        put(body.getEnd(), `);${leave}}`, true);
      }
      markPauses(node, source, put);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // No newline is added, so every line keeps its number (stack traces map back by line).
  return applyInserts(code, inserts);
}

function walkPlugin(): Plugin {
  return {
    name: "bench-walk",
    enforce: "pre",
    // server/app.ts imports the production build only when it is given none; the walk gives one.
    resolveId(id) {
      return id === "virtual:react-router/server-build" ? "\0walk-no-build" : undefined;
    },
    load(id) {
      return id === "\0walk-no-build" ? "export {};" : undefined;
    },
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (
        /\/app\/.+\.tsx?$/.test(file) &&
        !file.startsWith(appDir + path.sep) &&
        !file.includes("/node_modules/")
      )
        throw new Error(
          `${file} is outside the checkout being walked (${root}): its functions would not count`,
        );
      if (!file.startsWith(appDir + path.sep) || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return;
      return { code: instrument(code, file), map: null };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Recording: entries and the read/store points of the one request being walked.

type Point = { kind: "read" | "store" | "select"; what: string; at: string; via?: string; index: number };
/** Each entry's function, and the entry it was called from (-1: from outside app/). */
type Recording = { events: number[]; callers: number[]; points: Point[]; on: boolean; answeredAt?: number };
/** A function running for the walked request, under the one that called it. */
type Frame = { recording: Recording; event: number; caller?: Frame };
type Settled = { value: unknown } | { error: unknown };
const context = new AsyncLocalStorage<Frame>();
let measuring: Recording | undefined;

// The frame of the running function is the async context's store: a call made in it, or in a
// callback it registered (a promise's then, a timer), is its callee. An await or a yield gives the
// caller its own frame back while the function waits.
const hooks = {
  __walk(id: number): Frame | undefined {
    const current = context.getStore();
    if (!current?.recording.on) return undefined;
    const { recording } = current;
    const frame = { recording, event: recording.events.length, caller: current };
    recording.events.push(id);
    recording.callers.push(current.event);
    context.enterWith(frame);
    return frame;
  },
  __walkLeave(frame: Frame | undefined) {
    if (frame?.caller) context.enterWith(frame.caller);
  },
  __walkAwait(frame: Frame | undefined, value?: unknown) {
    if (!frame?.caller) return value;
    // Made while still in the frame, so a thenable's own work (a query mapping its rows) is its callee.
    const settled: Promise<Settled> = Promise.resolve(value).then(
      (value) => ({ value }),
      (error) => ({ error }),
    );
    context.enterWith(frame.caller);
    return settled;
  },
  __walkAwaited(frame: Frame | undefined, outcome: unknown) {
    if (!frame) return outcome;
    context.enterWith(frame);
    const settled = outcome as Settled;
    if ("error" in settled) throw settled.error;
    return settled.value;
  },
  __walkYield(frame: Frame | undefined, value?: unknown) {
    if (frame?.caller) context.enterWith(frame.caller);
    return value;
  },
  __walkYielded(frame: Frame | undefined, value: unknown) {
    if (frame) context.enterWith(frame);
    return value;
  },
};
Object.assign(globalThis, hooks);

/** The innermost app/ functions on the stack (async frames included), as "file:function". */
function appFrames(): string[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  const frames: string[] = [];
  for (const line of stack.split("\n").slice(1)) {
    const match = /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?\s*$/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const file = match[1].replace(/^file:\/\//, "");
    if (!file.startsWith(appDir + path.sep)) continue;
    const relative = path.relative(root, file);
    const lineNumber = Number(match[2]);
    // The innermost function of that file spanning the line.
    let best: FunctionInfo | undefined;
    for (const fn of functions)
      if (fn.file === relative && fn.line <= lineNumber && fn.endLine >= lineNumber)
        if (!best || fn.line >= best.line) best = fn;
    const label = `${relative}:${best?.name ?? `line ${lineNumber}`}`;
    if (frames.at(-1) !== label) frames.push(label);
  }
  return frames;
}

function notePoint(kind: Point["kind"], what: string) {
  const recording = context.getStore()?.recording;
  if (!recording?.on) return;
  const frames = appFrames();
  recording.points.push({
    kind,
    what,
    at: frames[0] ?? "(outside app/)",
    via: frames[1],
    index: recording.events.length,
  });
}

/** Reads of the request body: Request's body getter and its readers. */
function watchBodyReads() {
  const proto = Request.prototype as unknown as Record<string, unknown>;
  for (const method of ["formData", "text", "json", "arrayBuffer", "blob", "bytes"]) {
    const original = proto[method];
    if (typeof original !== "function") continue;
    proto[method] = function (this: Request, ...args: unknown[]) {
      notePoint("read", `request.${method}()`);
      return original.apply(this, args);
    };
  }
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, "body");
  if (descriptor?.get) {
    const get = descriptor.get;
    Object.defineProperty(Request.prototype, "body", {
      ...descriptor,
      get(this: Request) {
        notePoint("read", "request.body");
        return get.call(this);
      },
    });
  }
}

/** Drizzle's insert/update/delete (and execute of an insert/update/delete) on any database or transaction. */
function watchDatabaseWrites(db: object) {
  let proto: Record<string, unknown> | null = Object.getPrototypeOf(db);
  while (proto && !Object.hasOwn(proto, "insert")) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error("drizzle's insert was not found on the database");
  const tableName = (table: unknown) =>
    (table as Record<symbol, string> | undefined)?.[Symbol.for("drizzle:Name")] ?? "?";
  for (const method of ["insert", "update", "delete"]) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: unknown, table: unknown, ...rest: unknown[]) {
      notePoint("store", `${method} ${tableName(table)}`);
      return original.call(this, table, ...rest);
    };
  }
  const execute = proto.execute as (...args: unknown[]) => unknown;
  proto.execute = function (this: unknown, query: unknown, ...rest: unknown[]) {
    const chunks = (query as { queryChunks?: { value?: unknown }[] })?.queryChunks ?? [];
    const text = chunks
      .map((c) => (Array.isArray(c?.value) ? c.value.join("") : ""))
      .join(" ")
      .trim();
    const verb = /^(insert|update|delete)\b/i.exec(text)?.[1];
    if (verb) notePoint("store", `execute ${verb.toLowerCase()} (sql)`);
    return execute.call(this, query, ...rest);
  };
}

/** Drizzle's select … from and relational queries: which tables the request reads, and where. */
function watchDatabaseReads(db: { select(): object; query?: Record<string, object> }) {
  const tableName = (table: unknown) =>
    (table as Record<symbol, string> | undefined)?.[Symbol.for("drizzle:Name")] ?? "(subquery)";
  const builder = Object.getPrototypeOf(db.select()) as Record<string, unknown>;
  const from = builder.from as (...args: unknown[]) => unknown;
  builder.from = function (this: unknown, table: unknown, ...rest: unknown[]) {
    notePoint("select", tableName(table));
    return from.call(this, table, ...rest);
  };
  const patched = new Set<object>();
  for (const [key, relational] of Object.entries(db.query ?? {})) {
    const proto = Object.getPrototypeOf(relational) as Record<string, unknown>;
    if (patched.has(proto)) continue;
    patched.add(proto);
    for (const method of ["findFirst", "findMany"]) {
      const original = proto[method] as (...args: unknown[]) => unknown;
      proto[method] = function (this: { tableConfig?: { dbName?: string } }, ...args: unknown[]) {
        notePoint("select", this.tableConfig?.dbName ?? key);
        return original.apply(this, args);
      };
    }
  }
}

/** The storage's writing methods. */
function watchStorage<T extends object>(storage: T): T {
  const record = storage as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const original = record[key];
    if (typeof original !== "function" || !/^(put|delete|remove|write|copy|move|rename)/i.test(key)) continue;
    record[key] = (...args: unknown[]) => {
      notePoint("store", `storage.${key}(${typeof args[0] === "string" ? args[0] : ""})`);
      return original.apply(storage, args);
    };
  }
  return storage;
}

// ---------------------------------------------------------------------------------------------
// The app, in-process.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-walk-"));
Object.assign(process.env, {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: "walk-secret-walk-secret-walk-secret-0000",
  ENQUIRY_MIN_FILL_SECONDS: "0",
  ENQUIRY_RATE_LIMIT_PER_MINUTE: "1000",
  ENQUIRY_RATE_LIMIT_PER_HOUR: "10000",
  ENQUIRY_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: "1000",
  MAIL_WORKER: "false",
  IMAGE_BACKFILL: "false",
});
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.STORAGE_URL;
delete process.env.PUBLIC_URL;

const vite = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null, ws: false },
  resolve: { alias: { "~": appDir } },
  optimizeDeps: { noDiscovery: true, include: [] },
  plugins: [walkPlugin()],
});
// biome-ignore lint/suspicious/noExplicitAny: modules of the checkout being walked, typed by it
type Loaded = Record<string, any>;
// Vite's own runner for ssrLoadModule leaves stack traces unmapped; this one maps them to the
// source lines (which the instrumentation keeps), so a read or a write is placed in its function.
const runner = createServerModuleRunner(vite.environments.ssr as never, {
  hmr: false,
  sourcemapInterceptor: "prepareStackTrace",
});
const load = (file: string): Promise<Loaded> => runner.import(path.join(root, file));

watchBodyReads();
const { openDatabase } = await load("app/server/db/client.server.ts");
const { setDatabase } = await load("app/server/db/db.server.ts");
const { createLocalStorage, setStorage } = await load("app/server/storage/storage.server.ts");
const auth = await load("app/server/auth/auth.server.ts");
const schema = await load(
  fs.existsSync(path.join(root, "app/server/db/schema.ts"))
    ? "app/server/db/schema.ts"
    : "app/server/db/schema/index.ts",
);
const { cookieFor } = await load("tests/support/admin-action.ts");
const { buildServer } = await load("tests/support/app-handler.ts");
const { createApp } = await load("server/app.ts");

const handle = await openDatabase({ kind: "pglite-memory" });
await handle.migrate();
setDatabase(handle);
setStorage(watchStorage(createLocalStorage(path.join(dataDir, "storage"))));
auth.resetAuth?.();
watchDatabaseWrites(handle.db);
watchDatabaseReads(handle.db);

const build = buildServer();
const app = createApp({ build: () => build });
const server = http.createServer((req, res) => {
  const recording = measuring;
  if (!recording) return app(req, res);
  measuring = undefined;
  res.on("finish", () => {
    recording.answeredAt ??= recording.events.length;
  });
  context.run({ recording, event: -1 }, () => app(req, res));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// ---------------------------------------------------------------------------------------------
// The browser's side: pages read as HTML, forms sent with the fields the page holds.

function decodeEntities(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&amp;/g, "&");
}

function attribute(tag: string, name: string) {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/** The fields of the page's form that has a field named `marker`, as the browser would send them. */
function formFields(html: string, marker: string): [string, string][] {
  const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((f) => f.includes(`name="${marker}"`));
  if (!form) throw new Error(`no form with a field named ${marker} on the page`);
  const fields: [string, string][] = [];
  const pattern = /<(input|textarea|select)\b[^>]*>(?:([\s\S]*?)<\/\1>)?/g;
  for (const match of form.matchAll(pattern)) {
    const [tag, element, inner = ""] = match;
    const name = attribute(tag, "name");
    if (!name || / disabled(="")?[\s>/]/.test(tag)) continue;
    if (element === "input") {
      const type = attribute(tag, "type") ?? "text";
      if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked(="")?[\s>/]/.test(tag)) continue;
      fields.push([name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
    } else if (element === "textarea") {
      fields.push([name, decodeEntities(inner.replace(/^\n/, ""))]);
    } else {
      const options = [...inner.matchAll(/<option\b[^>]*>([\s\S]*?)<\/option>/g)];
      const chosen = options.find((o) => /\sselected(="")?[\s>/]/.test(o[0])) ?? options[0];
      if (chosen) fields.push([name, attribute(chosen[0], "value") ?? decodeEntities(chosen[1] ?? "")]);
    }
  }
  return fields;
}

async function page(url: string, cookie: string) {
  const response = await fetch(origin + url, { headers: { cookie } });
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 2000)}`);
  return response.text();
}

let sequence = 0;

const [product] = await handle.db
  .insert(schema.products)
  .values({ name: "Plywood 12mm", price: 19.99 })
  .returning();
const quoteListCookie = `tc_quote=${String(product.id).replaceAll("-", "")}:3`;
const attachment = fs.readFileSync(path.join(root, "tests/fixtures/deck-plans.docx"));

/** The contact form as a browser without JavaScript sends it, from the page it was served. */
async function contactPost() {
  const html = await page("/contact", quoteListCookie);
  const body = new FormData();
  const email = `walk-${++sequence}@example.co.nz`;
  const typed: Record<string, string> = {
    fullName: "Aroha Ngata",
    email,
    phone: "021 555 0101",
    message: "Please quote the plywood on my list, delivered to site.",
  };
  for (const [name, value] of formFields(html, "fullName")) {
    if (name === "subject") body.append(name, value || "Quote Request");
    else body.append(name, typed[name] ?? value);
  }
  body.append(
    "file",
    new File([attachment], "deck-plans.docx", {
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    }),
  );
  const request = new Request(`${origin}/contact`, {
    method: "POST",
    headers: { cookie: quoteListCookie, origin, referer: `${origin}/contact` },
    body,
  });
  return { request, email };
}

async function checkContact(email: string, response: Response, text: string) {
  const rows = (await handle.db.select().from(schema.contactQueries)) as { id: string; email: string }[];
  const row = rows.find((r) => r.email === email);
  if (!row) throw new Error(`the contact post stored nothing (${response.status}): ${text.slice(0, 300)}`);
  return row.id;
}

/** A stored enquiry with the quote list, a draft quote made from it, and the builder's fields. */
async function quoteSend(staffCookie: string) {
  const contact = await contactPost();
  const answered = await fetch(contact.request);
  const enquiryId = await checkContact(contact.email, answered, await answered.text());
  const created = await fetch(`${origin}/admin/contact-management/${enquiryId}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: staffCookie, origin },
    body: new URLSearchParams({ intent: "create-quote" }),
  });
  const quotePath = created.headers.get("location") ?? "";
  if (!/^\/admin\/quotes\/[0-9a-f-]{36}$/.test(quotePath))
    throw new Error(`creating the quote answered ${created.status} ${quotePath}`);
  const fields = formFields(await page(quotePath, staffCookie), "customerName");
  const body = new URLSearchParams(fields);
  body.append("intent", "send");
  const request = new Request(`${origin}${quotePath}.data`, {
    method: "POST",
    headers: { cookie: staffCookie, origin, referer: origin + quotePath },
    body,
  });
  return { request, quoteId: quotePath.split("/").at(-1) ?? "" };
}

async function checkQuote(quoteId: string, response: Response, text: string) {
  const rows = (await handle.db.select().from(schema.quotes)) as { id: string; status: string }[];
  const row = rows.find((r) => r.id === quoteId);
  if (row?.status !== "sent")
    throw new Error(`the quote was not sent (${response.status}, ${row?.status}): ${text.slice(0, 300)}`);
}

type Walked = { label: string; request: string; status: number; ms: number; recording: Recording };

async function walk(label: string, prepare: () => Promise<{ request: Request; check: Check }>) {
  for (const measured of [false, true]) {
    const { request, check } = await prepare();
    const recording: Recording = { events: [], callers: [], points: [], on: true };
    if (measured) measuring = recording;
    const started = performance.now();
    const response = await fetch(request, { redirect: "manual" });
    const text = await response.text();
    const ms = performance.now() - started;
    // Work the request left running after its answer (after-commit effects) still counts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    recording.on = false;
    await check(response, text);
    if (measured) {
      const url = new URL(request.url);
      return { label, request: `${request.method} ${url.pathname}`, status: response.status, ms, recording };
    }
  }
  throw new Error("unreachable");
}
type Check = (response: Response, text: string) => Promise<unknown>;

const results: Walked[] = [];
if (only.has("contact")) {
  results.push(
    await walk("contact post", async () => {
      const { request, email } = await contactPost();
      return { request, check: (response, text) => checkContact(email, response, text) };
    }),
  );
}
if (only.has("quote")) {
  const staffCookie: string = await cookieFor("admin", "walk");
  results.push(
    await walk("quote send", async () => {
      const { request, quoteId } = await quoteSend(staffCookie);
      return { request, check: (response, text) => checkQuote(quoteId, response, text) };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Counting. A phase is a list of entries (places in the recording), in the order they ran.

const fileOf = (id: number | undefined) => (id === undefined ? "?" : (functions[id]?.file ?? "?"));
const nameOf = (id: number | undefined) => (id === undefined ? "?" : (functions[id]?.name ?? "?"));
const isNamed = (id: number) => !nameOf(id).split(".").at(-1)?.startsWith("λ");
const isIgnored = (file: string) => ignored.some((prefix) => file.startsWith(prefix));
const short = (file: string) => file.replace(/^app\//, "");

/** The request's calls: each entry's function, the counted entry that called it (-1: none), its depth. */
type Calls = { ids: number[]; callers: number[]; depths: number[] };

function callsOf({ events, callers: recorded }: Recording): Calls {
  const callers: number[] = [];
  const depths: number[] = [];
  for (const index of events.keys()) {
    let caller = recorded[index] ?? -1;
    // A call made from a file left out of the counts is a call from that file's own caller.
    if (caller !== -1 && isIgnored(fileOf(events[caller]))) caller = callers[caller] ?? -1;
    callers.push(caller);
    depths.push(caller === -1 ? 1 : (depths[caller] ?? 0) + 1);
  }
  return { ids: events, callers, depths };
}

/** Entry `at` and every entry under it, the work it left running after the answer included. */
function entriesUnder(recording: Recording, at: number) {
  if (at === -1) return [];
  const under = new Set([at]);
  for (let index = at + 1; index < recording.events.length; index++)
    if (under.has(recording.callers[index] ?? -1)) under.add(index);
  return [...under];
}

/**
 * When entry `index` comes back into a file that an outer call of its row of calls is in, with
 * another file between (A→B→A): that row, from the outermost call in the file down to the entry.
 */
function comeBackAt(calls: Calls, index: number) {
  const file = fileOf(calls.ids[index]);
  const caller = calls.callers[index] ?? -1;
  if (caller === -1 || fileOf(calls.ids[caller]) === file) return undefined;
  const row: number[] = [];
  for (let at = index; at !== -1; at = calls.callers[at] ?? -1) row.unshift(at);
  const start = row.findIndex((at) => fileOf(calls.ids[at]) === file);
  return start < row.length - 1 ? row.slice(start) : undefined;
}

/** A row of calls as its files, each with the functions that ran in it one inside the other. */
function stepsOf(calls: Calls, row: number[]) {
  const steps: { file: string; names: string[] }[] = [];
  for (const at of row) {
    const id = calls.ids[at];
    const last = steps.at(-1);
    if (last?.file === fileOf(id)) last.names.push(nameOf(id));
    else steps.push({ file: fileOf(id), names: [nameOf(id)] });
  }
  return steps.map((step) => `${short(step.file)}:${step.names.join(" › ")}`);
}

/** Consecutive entries in one file are one visit. */
function visitsOf(ids: number[]) {
  const visits: { file: string; entries: number }[] = [];
  for (const id of ids) {
    const file = fileOf(id);
    const last = visits.at(-1);
    if (last?.file === file) last.entries += 1;
    else visits.push({ file, entries: 1 });
  }
  return visits;
}

/**
 * The flat order of entries: visits, re-entries into a file after another, and the longest stretch
 * of visits between the same two files (A B A B …). A caller using a helper in a loop counts here
 * as much as a helper calling back into its caller: the rows of calls tell them apart.
 */
function flatFigures(ids: number[]) {
  const visits = visitsOf(ids);
  const files = new Set(visits.map((v) => v.file));
  let longest = { length: 0, files: [] as string[] };
  for (let start = 0; start < visits.length; start++) {
    const pair = new Set<string>();
    let end = start;
    while (end < visits.length) {
      const file = visits[end]?.file ?? "";
      if (!pair.has(file) && pair.size === 2) break;
      pair.add(file);
      end += 1;
    }
    if (pair.size === 2 && end - start > longest.length) longest = { length: end - start, files: [...pair] };
  }
  return {
    visits: visits.length,
    reentries: visits.length - files.size,
    longestAlternation: longest.length >= 3 ? longest : { length: 0, files: [] },
  };
}

type Chain = { steps: string[]; times: number };
type Figures = {
  files: number;
  functions: number;
  named: number;
  entries: number;
  /** The most calls one inside the other, from the first app/ function the request entered. */
  depth: number;
  /** Entries that come back into a file of their row of calls (A→B→A), and those rows, longest first. */
  backAndForth: { count: number; reentered: Record<string, number>; chains: Chain[] };
  flatOrder: ReturnType<typeof flatFigures>;
};

function figures(calls: Calls, entries: number[]): Figures {
  const ids = entries.map((index) => calls.ids[index] ?? -1);
  const distinct = new Set(ids);
  const chains = new Map<string, Chain>();
  const reentered: Record<string, number> = {};
  let count = 0;
  for (const index of entries) {
    const row = comeBackAt(calls, index);
    if (!row) continue;
    count += 1;
    const file = fileOf(calls.ids[index]);
    reentered[file] = (reentered[file] ?? 0) + 1;
    const steps = stepsOf(calls, row);
    const chain = chains.get(steps.join(" → ")) ?? { steps, times: 0 };
    chain.times += 1;
    chains.set(steps.join(" → "), chain);
  }
  return {
    files: new Set(ids.map(fileOf)).size,
    functions: distinct.size,
    named: [...distinct].filter(isNamed).length,
    entries: ids.length,
    depth: entries.reduce((deepest, index) => Math.max(deepest, calls.depths[index] ?? 0), 0),
    backAndForth: {
      count,
      reentered,
      chains: [...chains.values()].sort((a, b) => b.steps.length - a.steps.length || b.times - a.times),
    },
    flatOrder: flatFigures(ids),
  };
}

function describe(figure: Figures) {
  const { backAndForth: back, flatOrder: flat } = figure;
  const reentered = Object.entries(back.reentered)
    .sort((a, b) => b[1] - a[1])
    .map(([file, n]) => `${short(file)} ×${n}`)
    .join(", ");
  const longest = back.chains[0];
  const alternation = flat.longestAlternation.length
    ? `longest alternation of two files ${flat.longestAlternation.length} visits (${flat.longestAlternation.files.map(short).join(" ⇄ ")})`
    : "no alternation of two files";
  return [
    `${figure.files} files, ${figure.functions} functions (${figure.named} named; ${figure.entries} entries); ` +
      `calls up to ${figure.depth} deep`,
    back.count
      ? `rows of calls going back and forth: ${back.count} (${back.chains.length} distinct), back into ${reentered}`
      : "no row of calls goes back and forth",
    ...(longest ? [`longest, ${longest.steps.length} files:\n${wrap(longest.steps, " ".repeat(21))}`] : []),
    `in the flat order of entries: ${flat.visits} file visits, ${flat.reentries} re-entries into a file ` +
      `after another, ${alternation}`,
  ];
}

/** app/routes, app/modules, app/server, app/lib, app/components …, root.tsx and the like. */
function layerOf(file: string) {
  const parts = file.split("/");
  return parts.length > 2 ? (parts[1] ?? "") : (parts[1]?.replace(/\.[^.]+$/, "") ?? "");
}

function byLayer(ids: number[]) {
  const layers = new Map<string, { files: Set<string>; functions: Set<number> }>();
  for (const id of ids) {
    const file = fileOf(id);
    const layer = layers.get(layerOf(file)) ?? { files: new Set(), functions: new Set() };
    layer.files.add(file);
    layer.functions.add(id);
    layers.set(layerOf(file), layer);
  }
  return [...layers]
    .sort((a, b) => b[1].functions.size - a[1].functions.size)
    .map(([name, layer]) => `${name} ${layer.files.size}/${layer.functions.size}`)
    .join(", ");
}

/** Steps joined by arrows, wrapped to the terminal's usual width. */
function wrap(steps: string[], indent = "    ", width = 110) {
  const lines: string[] = [];
  let line = "";
  for (const [index, step] of steps.entries()) {
    const piece = index < steps.length - 1 ? `${step} → ` : step;
    if (line && indent.length + line.length + piece.length > width) {
      lines.push(indent + line.trimEnd());
      line = "";
    }
    line += piece;
  }
  if (line) lines.push(indent + line.trimEnd());
  return lines.join("\n");
}

let commit = "";
try {
  commit = execFileSync("git", ["-C", root, "log", "-1", "--format=%h %s"], { encoding: "utf8" }).trim();
} catch {}
console.log(`Walked ${root}${commit ? ` at ${commit}` : ""}`);
const report: Record<string, unknown> = { root, commit, results: {} };
for (const result of results) {
  const { recording } = result;
  const { events: all, points, answeredAt = all.length } = recording;
  const calls = callsOf(recording);
  const counted = (entries: number[]) => entries.filter((index) => !isIgnored(fileOf(all[index])));
  const between = (from: number, to: number) =>
    counted(Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k));
  const renderAt = all.findIndex((id) => fileOf(id) === "app/entry.server.tsx");
  const handledUntil = renderAt === -1 ? answeredAt : Math.min(renderAt, answeredAt);
  // The route module's action (a page's or a resource route's), from its entry to its exit.
  const actionAt = all.findIndex(
    (id) => fileOf(id).startsWith("app/routes/") && /^action\b/.test(nameOf(id)),
  );
  const whole = between(0, all.length);
  const handled = between(0, handledUntil);
  const after = between(answeredAt, all.length);
  const inAction = entriesUnder(recording, actionAt);
  const phases = (
    [
      ["whole request", whole],
      ["the action", counted(inAction)],
      ["up to the render", handled],
      ["the render", renderAt === -1 ? [] : between(renderAt, answeredAt)],
      ["after the answer", after],
    ] as const
  ).map(([name, entries]) => ({ name, entries, figures: figures(calls, entries) }));
  const idsOf = (entries: number[]) => entries.map((index) => all[index] ?? -1);
  const action =
    actionAt === -1
      ? undefined
      : {
          function: `${fileOf(all[actionAt])}:${nameOf(all[actionAt])}`,
          depth: calls.depths[actionAt] ?? 0,
          entriesAfterTheAnswer: inAction.filter((index) => index >= answeredAt).length,
        };

  console.log(`\n== ${result.label}: ${result.request} → ${result.status} (${result.ms.toFixed(0)} ms)`);
  if (ignored.length) console.log(`  (not counted: ${ignored.join(", ")})`);
  const indent = "".padEnd(19);
  for (const { name, entries, figures } of phases) {
    if (!entries.length) continue;
    const [first, ...rest] = describe(figures);
    console.log(`  ${name.padEnd(17)} ${first}`);
    if (name === "the action" && action)
      console.log(
        `${indent}from ${short(action.function)} (at depth ${action.depth}) to its exit, ` +
          `and what it left running (${action.entriesAfterTheAnswer} entries after the answer)`,
      );
    for (const line of rest) console.log(indent + line);
    console.log(`${indent}files/functions by folder: ${byLayer(idsOf(entries))}`);
  }
  if (!action) console.log("  (no route module's action ran)");

  const perFile = new Map<string, { visits: number; fns: Map<number, number> }>();
  const events = idsOf(whole);
  for (const visit of visitsOf(events)) {
    const entry = perFile.get(visit.file) ?? { visits: 0, fns: new Map() };
    entry.visits += 1;
    perFile.set(visit.file, entry);
  }
  for (const id of events) {
    const entry = perFile.get(fileOf(id));
    entry?.fns.set(id, (entry.fns.get(id) ?? 0) + 1);
  }
  console.log("  files in order of first visit: visits, functions (entries)");
  for (const [file, entry] of perFile) {
    const count = [...entry.fns.values()].reduce((a, b) => a + b, 0);
    console.log(
      `    ${short(file).padEnd(58)} ${String(entry.visits).padStart(3)}  ${entry.fns.size} (${count})`,
    );
    if (options.functions)
      for (const [id, n] of entry.fns) console.log(`        ${functions[id]?.name}${n > 1 ? ` ×${n}` : ""}`);
  }
  const order = (slice: number[]) => wrap(visitsOf(slice).map((v) => short(v.file)));
  console.log(
    `  call order up to the render (files; a step is one entry or more in a row):\n${order(idsOf(handled))}`,
  );
  if (after.length) console.log(`  call order after the answer:\n${order(idsOf(after))}`);

  console.log("  read / judge / store (where: the innermost app/ function, and the one that called it):");
  const where = (point: Point) => `${short(point.at)}${point.via ? `  (from ${short(point.via)})` : ""}`;
  const seen = new Set<string>();
  for (const point of points) {
    if (point.kind === "select") continue;
    const line = `    ${point.kind.padEnd(5)} ${point.what.padEnd(30)} ${where(point)}`;
    if (!seen.has(line)) console.log(line);
    seen.add(line);
  }
  const answered = new Set(all.slice(0, answeredAt));
  for (const id of answered) {
    const fn = functions[id];
    if (fn?.judges.length)
      console.log(`    judge ${[...new Set(fn.judges)].join(", ").padEnd(30)} ${short(fn.file)}:${fn.name}`);
    else if (fn && /spam/.test(fn.file) && !fn.name.includes("λ"))
      console.log(`    judge ${"(spam rule)".padEnd(30)} ${short(fn.file)}:${fn.name}`);
  }
  const selects = new Map<string, Map<string, number>>();
  for (const point of points) {
    if (point.kind !== "select") continue;
    const places = selects.get(point.what) ?? new Map<string, number>();
    places.set(short(point.at), (places.get(short(point.at)) ?? 0) + 1);
    selects.set(point.what, places);
  }
  console.log("  database reads (select … from, relational queries) by table:");
  for (const [table, places] of [...selects].sort((a, b) => sum(b[1]) - sum(a[1]))) {
    const list = [...places].map(([at, n]) => (n > 1 ? `${at} ×${n}` : at)).join(", ");
    console.log(`    ${table.padEnd(24)} ${String(sum(places)).padStart(2)}  ${list}`);
  }

  const chains = phases[0]?.figures.backAndForth.chains ?? [];
  console.log(
    "  rows of calls going back and forth, whole request (from the outermost call in the file called " +
      "again down to that call; ×times):",
  );
  if (!chains.length) console.log("    none");
  for (const chain of chains)
    console.log(`${wrap(chain.steps, "      ").replace(/^ {4}/, `  ×${String(chain.times).padEnd(2)}`)}`);

  (report.results as Record<string, unknown>)[result.label] = {
    request: result.request,
    status: result.status,
    action,
    ...Object.fromEntries(
      phases.map(({ name, entries, figures }) => [name, { ...figures, byFolder: byLayer(idsOf(entries)) }]),
    ),
    files: Object.fromEntries(
      [...perFile].map(([file, entry]) => [
        file,
        {
          visits: entry.visits,
          functions: Object.fromEntries([...entry.fns].map(([id, n]) => [functions[id]?.name ?? "?", n])),
        },
      ]),
    ),
    order: visitsOf(events).map((v) => v.file),
    calls: all.map((id, index) => ({
      function: `${fileOf(id)}:${nameOf(id)}`,
      caller: calls.callers[index] ?? -1,
      depth: calls.depths[index] ?? 0,
    })),
    points,
  };
}
function sum(map: Map<string, number>) {
  return [...map.values()].reduce((a, b) => a + b, 0);
}
if (jsonFile) fs.writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);

server.close();
server.closeAllConnections();
await handle.close();
await runner.close();
await vite.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
