// Starts Trade Counter: the Vite dev server in development, the built app in production.
// Runs on the Node pinned by the `node` devDependency (npm run puts it first on PATH).
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";

const production = process.env.NODE_ENV === "production";
const port = Number.parseInt(process.env.PORT || "3000", 10);
const host = process.env.HOST || "0.0.0.0";
const buildDir = path.resolve(process.env.BUILD_DIR || "build");

async function loadServerModule(app) {
  if (production) {
    const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
    return { ...build, clientDir: path.join(buildDir, "client") };
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(devServer.middlewares);
  const module = await devServer.ssrLoadModule("./server/app.ts");
  return { ...module, closeDev: () => devServer.close() };
}

async function main() {
  const outer = express();
  outer.disable("x-powered-by");
  const server = await loadServerModule(outer);
  const result = await server.boot();
  outer.use(server.createApp({ clientDir: server.clientDir }));

  const listener = outer.listen(port, host, () => {
    const url = `http://localhost:${listener.address().port}`;
    const lines = [`Trade Counter is running at ${url} (database: ${result.database})`];
    if (result.admin.created && result.admin.password) {
      lines.push(
        "",
        `First admin account created. Sign in at ${url}/auth with:`,
        `  e-mail:   ${result.admin.email}`,
        `  password: ${result.admin.password}`,
        `(also saved in ${path.relative(process.cwd(), result.admin.passwordFile)}; change it after signing in)`,
      );
    } else if (result.admin.created) {
      lines.push("", `First admin account created for ${result.admin.email} (password from ADMIN_PASSWORD).`);
    } else {
      lines.push(`Staff sign in at ${url}/auth`);
    }
    console.log(lines.join("\n"));
  });

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    server.logger?.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    listener.close();
    listener.closeIdleConnections?.();
    try {
      await server.shutdown();
      await server.closeDev?.();
    } finally {
      process.exit(0);
    }
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
