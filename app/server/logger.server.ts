import cluster from "node:cluster";
import pino from "pino";
import { getEnv } from "./env.server";

export const logger = pino({
  level: getEnv().LOG_LEVEL,
  // One of several workers (WEB_CONCURRENCY): each line says which process wrote it.
  base: cluster.isWorker ? { pid: process.pid } : undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
});
