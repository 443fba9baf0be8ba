// react-router as the benchmark's server sees it (register.js points the build here): the same
// module, except that createRequestHandler wraps the build's loaders (each result recorded, then
// replayed from memory on request) and answers with the probes' headers.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequestHandler as createReactRouterHandler } from "react-router";
import { countStatements } from "./statements.js";

export * from "react-router";

export const RENDER_PROBE_HEADER = "x-bench-render-from-memory";
const MAX_PROBE_RENDERS = 1000;

/** How many renders from memory a request asks for (0: none, an ordinary request). */
function probeRenders(request) {
  const header = request.headers.get(RENDER_PROBE_HEADER);
  if (request.method !== "GET" || !header || !/^\d+$/.test(header)) return 0;
  return Math.min(Number(header), MAX_PROBE_RENDERS);
}

const recordingScope = new AsyncLocalStorage();
const probedBuilds = new WeakMap();

/** The build with every loader's result recorded inside a probe, and replayed from memory after. */
function withRecordedLoaders(build) {
  const known = probedBuilds.get(build);
  if (known) return known;
  const routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader) {
      routes[id] = route;
      continue;
    }
    const recorded = async (args) => {
      const recording = recordingScope.getStore();
      if (recording?.replay && recording.data.has(id)) return recording.data.get(id);
      const value = await loader(args);
      recording?.data.set(id, value);
      return value;
    };
    routes[id] = { ...route, module: { ...route.module, loader: recorded } };
  }
  const probed = { ...build, routes };
  probedBuilds.set(build, probed);
  return probed;
}

/** The response with `name: value` added (a copy when its headers are read-only). */
function withHeader(response, name, value) {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Handles the request once for real (its loaders' data recorded), then `renders` times from that
 * data; returns the first response and the mean CPU milliseconds of the renders from memory.
 */
async function renderFromMemory(renders, handle) {
  const recording = { replay: false, data: new Map() };
  const response = await recordingScope.run(recording, handle);
  recording.replay = true;
  const started = process.cpuUsage();
  for (let i = 0; i < renders; i++) {
    const again = await recordingScope.run(recording, handle);
    await again.arrayBuffer();
  }
  const used = process.cpuUsage(started);
  return { response, cpuMs: (used.user + used.system) / 1000 / Math.max(1, renders) };
}

export function createRequestHandler(build, mode) {
  const handle =
    typeof build === "function"
      ? createReactRouterHandler(async () => withRecordedLoaders(await build()), mode)
      : createReactRouterHandler(withRecordedLoaders(build), mode);
  return async (request, context) => {
    const tally = { statements: 0 };
    const renders = probeRenders(request);
    if (!renders) {
      const response = await countStatements(tally, () => handle(request, context));
      return withHeader(response, "X-Sql-Statements", String(tally.statements));
    }
    const probe = await countStatements(tally, () =>
      renderFromMemory(renders, () =>
        handle(new Request(request.url, { headers: request.headers }), context),
      ),
    );
    return withHeader(probe.response, "X-Render-From-Memory-Ms", probe.cpuMs.toFixed(3));
  };
}
