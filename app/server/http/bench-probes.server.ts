// Figures for `npm run bench` that no timing from outside can give, on only with BENCH_PROBES=true
// (the benchmark's servers; never a live site's): every response says how many SQL statements
// were sent for it (X-Sql-Statements), and a GET carrying X-Bench-Render-From-Memory: N is
// rendered N more times with its loaders' data from the first render, answering with the CPU
// milliseconds each of those renders took (X-Render-From-Memory-Ms): React Router and React's
// share of a page, with no database, Express or compression in it.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { countStatements } from "../db/statement-count.server";

export const RENDER_PROBE_HEADER = "x-bench-render-from-memory";
const MAX_PROBE_RENDERS = 1000;

/** Every response says how many SQL statements were sent for it. */
export function statementCountHeader(): RequestHandler {
  return (_req, res, next) => {
    const tally = { statements: 0 };
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent) this.setHeader("X-Sql-Statements", String(tally.statements));
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    countStatements(tally, next);
  };
}

/** How many renders from memory a request asks for (0: none, an ordinary request). */
export function probeRenders(method: string, header: string | undefined) {
  if (method !== "GET" || !header || !/^\d+$/.test(header)) return 0;
  return Math.min(Number(header), MAX_PROBE_RENDERS);
}

type Recording = { replay: boolean; data: Map<string, unknown> };
const recordingScope = new AsyncLocalStorage<Recording>();
const probedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every loader's result recorded inside a probe, and replayed from memory after. */
function withRecordedLoaders(build: ServerBuild): ServerBuild {
  const known = probedBuilds.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader) {
      routes[id] = route;
      continue;
    }
    const recorded: typeof loader = async (args) => {
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

export function probedBuild(
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>),
): ServerBuild | (() => Promise<ServerBuild>) {
  if (typeof build !== "function") return withRecordedLoaders(build);
  return async () => withRecordedLoaders(await build());
}

/**
 * Handles the request once for real (its loaders' data recorded), then `renders` times from that
 * data; returns the first response and the mean CPU milliseconds of the renders from memory.
 */
export async function renderFromMemory(
  renders: number,
  handle: () => Promise<Response>,
): Promise<{ response: Response; cpuMs: number }> {
  const recording: Recording = { replay: false, data: new Map() };
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
