// The example nginx configuration (deploy/nginx/tradecounter.conf) run for real by the deploy
// test and the scale bench: rendered into a temporary prefix with the upstream ports of the app
// servers under test, high listen ports on 127.0.0.1 and a self-signed certificate, checked with
// `nginx -t` and started as a child process (not the system service).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildDir, root, sleep } from "./support.js";

export const exampleConfig = path.join(root, "deploy/nginx/tradecounter.conf");

/** The nginx binary, or null when nginx is not installed. */
export function findNginx() {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    if (!spawnSync(candidate, ["-v"], { stdio: "ignore" }).error) return candidate;
  }
  return null;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Replaces `from` in `text`, failing when the example no longer has it (the test would lie). */
function replaceIn(text, from, to) {
  const matched = typeof from === "string" ? text.includes(from) : from.test(text);
  if (!matched) throw new Error(`deploy/nginx/tradecounter.conf no longer contains ${from}`);
  return typeof from === "string" ? text.replaceAll(from, to) : text.replace(from, to);
}

/**
 * The example with the given upstream ports (one `server` line each, the example's options
 * kept), listening on 127.0.0.1:httpPort and 127.0.0.1:httpsPort, its files under `prefix`.
 */
export function renderSite({ upstreams, httpPort, httpsPort, prefix }) {
  let text = fs.readFileSync(exampleConfig, "utf8");
  const serverLine = /^ {4}server 127\.0\.0\.1:3001 (.*);\n {4}server 127\.0\.0\.1:3002 .*;\n/m;
  const options = text.match(serverLine)?.[1];
  if (options === undefined) throw new Error("deploy/nginx/tradecounter.conf: no two upstream servers");
  text = text.replace(
    serverLine,
    upstreams.map((port) => `    server 127.0.0.1:${port} ${options};\n`).join(""),
  );
  text = replaceIn(text, /^ *listen \[::\].*\n/gm, "");
  text = replaceIn(text, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  text = replaceIn(text, "listen 443 ssl", `listen 127.0.0.1:${httpsPort} ssl`);
  text = replaceIn(text, "/etc/letsencrypt/live/shop.example.nz/", `${prefix}/tls/`);
  text = replaceIn(text, "/var/log/nginx/", `${prefix}/logs/`);
  text = replaceIn(text, "/var/www/letsencrypt", `${prefix}/acme`);
  text = replaceIn(text, "/srv/tradecounter/build/client", path.join(buildDir, "client"));
  return text;
}

/** The nginx.conf around the site file, as Debian's wraps sites-enabled. */
function mainConfig(prefix) {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `    ${kind}_temp_path ${prefix}/temp/${kind};`)
    .join("\n");
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    access_log off;
${temp}
    include ${prefix}/tradecounter.conf;
}
`;
}

/**
 * Renders the example into a fresh prefix, runs `nginx -t` (throws with its output when the
 * configuration is refused) and starts nginx. Returns its https and http bases, the access log
 * and stop().
 * @param {{ binary?: string | null, upstreams: number[], httpPort?: number, httpsPort?: number }} options
 */
export async function startNginx({ binary = findNginx(), upstreams, httpPort, httpsPort }) {
  if (!binary) throw new Error("nginx is not installed");
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "tc-nginx-"));
  for (const dir of ["logs", "tls", "acme", "temp"]) fs.mkdirSync(path.join(prefix, dir));
  const tls = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      path.join(prefix, "tls/privkey.pem"),
      "-out",
      path.join(prefix, "tls/fullchain.pem"),
    ],
    { encoding: "utf8" },
  );
  if (tls.status !== 0) throw new Error(`openssl could not make a test certificate: ${tls.stderr}`);
  httpPort ??= await freePort();
  httpsPort ??= await freePort();
  fs.writeFileSync(
    path.join(prefix, "tradecounter.conf"),
    renderSite({ upstreams, httpPort, httpsPort, prefix }),
  );
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(conf, mainConfig(prefix));
  const args = ["-p", prefix, "-c", conf, "-e", path.join(prefix, "logs/error.log")];
  const check = spawnSync(binary, [...args, "-t"], { encoding: "utf8" });
  const checkOutput = `${check.stdout}${check.stderr}`;
  if (check.status !== 0) throw new Error(`nginx -t refused the example:\n${checkOutput}`);
  const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${stderr}`);
    const up = await new Promise((resolve) => {
      const socket = net.connect(httpsPort, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${stderr}`);
    await sleep(50);
  }
  return {
    prefix,
    checkOutput,
    httpsPort,
    httpPort,
    base: `https://127.0.0.1:${httpsPort}`,
    httpBase: `http://127.0.0.1:${httpPort}`,
    accessLog: () => fs.readFileSync(path.join(prefix, "logs/tradecounter.access.log"), "utf8"),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
