// A stand-in for `systemctl` so that the README's and deploy/systemd's commands can run as
// written, in a bench or a test, on servers that are child processes rather than systemd units:
// an executable `systemctl` in a temporary folder (put it first on PATH) that hands each
// `systemctl VERB UNIT…` to `handle(verb, unit)` in the calling process and exits 0 once that
// has finished, 1 with its message when it throws. As systemd's `restart` of a Type=simple unit,
// a handler returns once the old process has exited and the new one is started, not ready.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * @param {(verb: string, unit: string) => Promise<void>} handle
 * @returns {Promise<{ dir: string, binary: string, calls: string[], close(): Promise<void> }>}
 */
export async function startSystemctlShim(handle) {
  const calls = [];
  const server = http.createServer((req, res) => {
    const [verb = "", ...units] = decodeURIComponent(new URL(req.url, "http://x").pathname.slice(1)).split(
      " ",
    );
    calls.push([verb, ...units].join(" "));
    (async () => {
      for (const unit of units) await handle(verb, unit);
    })().then(
      () => res.end("ok\n"),
      (error) => {
        res.statusCode = 500;
        res.end(`${error?.message ?? error}\n`);
      },
    );
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-systemctl-"));
  const binary = path.join(dir, "systemctl");
  fs.writeFileSync(
    binary,
    `#!/bin/sh
# Stand-in for systemctl (bench/systemctl-shim.js): "$*" is done by the process that made it.
out=$(curl -sS -o - -w '\\n%{http_code}' -X POST "http://127.0.0.1:${port}/$(printf '%s' "$*" | sed 's/ /%20/g')") || exit 1
code=$(printf '%s' "$out" | tail -n 1)
[ "$code" = 200 ] && exit 0
printf '%s\\n' "$out" | sed '$d' >&2
exit 1
`,
    { mode: 0o755 },
  );
  return {
    dir,
    binary,
    calls,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
