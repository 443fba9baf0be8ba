import pino from "pino";
import { getEnv } from "./env.server";

export const logger = pino({
  level: getEnv().LOG_LEVEL,
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
});
