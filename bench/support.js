// Helpers shared by the benchmarks in this folder.

/** Waits until the server child process answers /healthz, or fails if it exits first. */
export async function waitForHealth(server, base, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error("The server exited before it was ready");
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("The server did not become healthy");
}
