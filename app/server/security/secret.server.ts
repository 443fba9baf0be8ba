// The server's signing secret, for sessions and form tokens: BETTER_AUTH_SECRET, or one generated
// once and kept in DATA_DIR (mode 600), so a new install needs no setting and restarts keep
// everyone signed in.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../env.server";

export function resolveAuthSecret() {
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = path.join(env.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
