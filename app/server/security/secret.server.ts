// The server's signing secret, for sessions and form tokens: BETTER_AUTH_SECRET, or one generated
// once and kept in DATA_DIR (mode 600), so a new install needs no setting and restarts keep
// everyone signed in; every process on the machine reads the same one.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../env.server";

/** The secret read from each file: every page served from the cache signs a form token with it. */
const readSecrets = new Map<string, string>();

export function resolveAuthSecret() {
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = path.join(env.dataDir, "auth-secret");
  const known = readSecrets.get(file);
  if (known) return known;
  const existing = readSecret(file);
  if (existing) {
    readSecrets.set(file, existing);
    return existing;
  }
  // Several processes starting at once on a new install: the secret is written aside and linked
  // into place, which fails if one is there already; then every process uses that one.
  fs.mkdirSync(env.dataDir, { recursive: true });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(partial, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  try {
    fs.linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.unlinkSync(partial);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} is empty: delete it, or set BETTER_AUTH_SECRET`);
  readSecrets.set(file, secret);
  return secret;
}

function readSecret(file: string) {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
