// Starts Trade Counter: the Vite dev server in development, the built app in production.
// Runs on the Node pinned by the `node` devDependency (npm run puts it first on PATH).
// WEB_CONCURRENCY=N (production, PostgreSQL) makes this process a primary that runs N workers
// with node:cluster: a thin supervisor that loads neither the app nor a database driver (so it
// holds little memory), forks the workers (which share the port), starts again one that dies,
// and passes a stop signal on to them (ADR 022).
import cluster from "node:cluster";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

const production = process.env.NODE_ENV === "production";
const port = Number.parseInt(process.env.PORT || "3000", 10);
const host = process.env.HOST || "0.0.0.0";
const buildDir = path.resolve(process.env.BUILD_DIR || "build");

/**
 * The workers WEB_CONCURRENCY asks for, read without loading the app. Anything but a whole
 * number from 2 to 64 runs one process, whose settings check (env.server.ts) then names what is
 * wrong with the value. The one rule repeated here: more than one needs PostgreSQL.
 */
function requestedWorkers() {
  const raw = (process.env.WEB_CONCURRENCY ?? "").trim();
  const count = /^[0-9]+$/.test(raw) ? Number(raw) : 1;
  if (count < 2 || count > 64) return 1;
  if (!process.env.DATABASE_URL) {
    throw new Error(
      `WEB_CONCURRENCY=${count} needs PostgreSQL (DATABASE_URL): ` +
        "the embedded database is one process per data folder",
    );
  }
  return count;
}

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

/** A worker that dies is started again after this, doubling up to the maximum while it keeps dying. */
const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A worker that lived this long was healthy: its next restart waits the minimum again. */
const HEALTHY_MS = 60_000;
/** After a stop signal, workers still running after this are killed. */
const STOP_GRACE_MS = 15_000;

function runPrimary(count) {
  let stopping = false;
  let everStarted = false;
  /** slot -> { worker, startedAt, delay } */
  const slots = new Map();

  function fork(slot, delay = RESTART_MIN_MS) {
    const worker = cluster.fork();
    slots.set(slot, { worker, startedAt: Date.now(), delay, timer: undefined });
    worker.on("listening", () => {
      everStarted = true;
      console.log(`worker ${slot} started (pid ${worker.process.pid})`);
    });
    worker.on("exit", (code, signal) => {
      const state = slots.get(slot);
      if (stopping) {
        slots.delete(slot);
        if (slots.size === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      const how = signal ? `signal ${signal}` : `code ${code}`;
      // Before any worker has ever served, a death is the configuration's or the database's
      // (its message is above): starting again would only repeat it.
      if (!everStarted) {
        console.error(
          `worker ${slot} (pid ${worker.process.pid}) exited with ${how} before serving; stopping`,
        );
        stopAll("SIGTERM", 1);
        return;
      }
      const next = Date.now() - state.startedAt >= HEALTHY_MS ? RESTART_MIN_MS : state.delay;
      console.error(
        `worker ${slot} (pid ${worker.process.pid}) exited with ${how}; starting it again in ${next / 1000} s`,
      );
      state.timer = setTimeout(() => {
        if (!stopping) fork(slot, Math.min(next * 2, RESTART_MAX_MS));
      }, next);
    });
  }

  function stopAll(signal, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    for (const [slot, state] of slots) {
      clearTimeout(state.timer);
      if (state.worker.isDead()) slots.delete(slot);
      else state.worker.process.kill("SIGTERM");
    }
    if (slots.size === 0) process.exit(exitCode);
    const force = setTimeout(() => {
      for (const { worker } of slots.values()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_GRACE_MS);
    force.unref();
    if (exitCode !== 0) process.exitCode = exitCode;
    console.log(`${signal}: stopping ${slots.size} worker${slots.size === 1 ? "" : "s"}`);
  }

  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));
  console.log(`Trade Counter: starting ${count} workers (primary pid ${process.pid})`);
  for (let slot = 1; slot <= count; slot++) fork(slot);
}

/** After a stop signal, a process whose connections have not all ended by then exits anyway. */
const DRAIN_LIMIT_MS = 10_000;

async function main() {
  if (cluster.isPrimary && production) {
    const workers = requestedWorkers();
    if (workers > 1) return runPrimary(workers);
  }
  const { default: express } = await import("express");
  const outer = express();
  outer.disable("x-powered-by");
  const server = await loadServerModule(outer);
  // Every setting is checked here, before anything is opened: a bad one stops the start with a
  // message naming it.
  if (server.workerCount() > 1 && !production) {
    console.log("WEB_CONCURRENCY: development runs one process (npm start runs the workers)");
  }
  const result = await server.boot();
  const app = server.createApp({ clientDir: server.clientDir });
  outer.use(app);

  let draining = false;
  // A page from the page cache is answered before Express when it can be (app.serveFromCache).
  const listener = http.createServer((req, res) => {
    // While stopping, each answer closes its connection, so the proxy opens its next one to an
    // instance that is staying.
    if (draining) res.setHeader("Connection", "close");
    if (!app.serveFromCache(req, res)) outer(req, res);
  });
  listener.listen(port, host, () => {
    const address = listener.address();
    const where = `${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
    const lines = [
      `Trade Counter is listening on ${where} (database: ${result.database}; files: ${result.files})`,
      `Public address: ${result.publicUrl}${result.publicUrlSet ? "" : " (set PUBLIC_URL to the address visitors use)"}`,
    ];
    const signIn = `${result.publicUrl}/auth`;
    if (result.admin.created && result.admin.password) {
      lines.push(
        "",
        `First admin account created. Sign in at ${signIn} with:`,
        `  e-mail:   ${result.admin.email}`,
        `  password: ${result.admin.password}`,
        `(also saved in ${result.admin.passwordFile}; change it after signing in)`,
      );
    } else if (result.admin.created) {
      lines.push("", `First admin account created for ${result.admin.email} (password from ADMIN_PASSWORD).`);
    } else {
      lines.push(`Staff sign in at ${signIn}`);
    }
    console.log(lines.join("\n"));
  });

  let stopping = false;
  /**
   * A graceful hand-over: stop accepting connections (a proxy's next connect is refused, so it
   * sends that request to another instance, having sent nothing here), finish every request in
   * flight, and leave idle keep-alive connections for the proxy to close: closing one from this
   * side could cross a request the proxy is sending on it that moment, which it cannot retry if
   * it is a form post. nginx closes its idle ones after its keepalive_timeout (4 s in
   * deploy/nginx); a request arriving on one meanwhile is served, and its answer closes it. Then
   * background work stops and the database closes.
   */
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    draining = true;
    server.logger?.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      server.logger?.warn("connections still open after 10 s; exiting anyway");
      process.exit(1);
    }, DRAIN_LIMIT_MS);
    force.unref();
    if (production) {
      // Closing the listening socket resets the connections the kernel has taken but this process
      // has not accepted yet (a request nginx already sent on one is lost if it is a form post):
      // close right after the event loop's poll phase has accepted all that were waiting.
      await new Promise((resolve) => setImmediate(resolve));
      // net.Server's close, not http.Server's: the latter also closes idle connections at once.
      await new Promise((resolve) => net.Server.prototype.close.call(listener, resolve));
    } else {
      // Development: Vite's hot-reload socket never ends by itself; nothing is in front to hand over to.
      listener.close();
      listener.closeAllConnections();
    }
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
