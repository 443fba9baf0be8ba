// pg_dump and pg_restore: found on PATH or in Debian's /usr/lib/postgresql/<major>/bin, and run
// with the password in the environment rather than on the command line (where `ps` shows it).
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

type PgTool = { path: string; major: number; version: string };
type PgToolName = "pg_dump" | "pg_restore";

class PgToolError extends Error {}

async function probe(command: string): Promise<PgTool | undefined> {
  try {
    const { stdout } = await execFileAsync(command, ["--version"], { timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(stdout) ?? /\s(\d+)(?:\.(\d+))?/.exec(stdout);
    if (!match) return undefined;
    return { path: command, major: Number(match[1]), version: stdout.trim() };
  } catch {
    return undefined;
  }
}

async function candidates(name: PgToolName) {
  const found: PgTool[] = [];
  const onPath = await probe(name);
  if (onPath) found.push(onPath);
  const debianRoot = "/usr/lib/postgresql";
  const majors = fs.existsSync(debianRoot) ? fs.readdirSync(debianRoot) : [];
  for (const major of majors) {
    const tool = await probe(path.join(debianRoot, major, "bin", name));
    if (tool && !found.some((f) => f.version === tool.version)) found.push(tool);
  }
  return found;
}

/**
 * The tool of the server's major version, or else the newest one not older than the server:
 * pg_dump refuses to dump a server newer than itself.
 */
export async function findPgTool(name: PgToolName, serverMajor: number): Promise<PgTool> {
  const found = await candidates(name);
  const exact = found.find((tool) => tool.major === serverMajor);
  if (exact) return exact;
  const newer = found.filter((tool) => tool.major > serverMajor).sort((a, b) => b.major - a.major)[0];
  if (newer) return newer;
  const install = `Install the PostgreSQL ${serverMajor} client tools (on Debian or Ubuntu: apt-get install postgresql-client-${serverMajor}) and run this again.`;
  if (found.length === 0) throw new PgToolError(`${name} was not found on PATH. ${install}`);
  const versions = found.map((tool) => tool.major).join(", ");
  throw new PgToolError(
    `The PostgreSQL server is version ${serverMajor}, but the ${name} found here is version ${versions}: ` +
      `${name} cannot work with a server newer than itself. ${install}`,
  );
}

/** A libpq connection URI without its password, and the environment that carries the password. */
export function connectionForTool(url: string): { uri: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { uri: parsed.toString(), env };
}

/** Runs a tool to completion; a non-zero exit throws with the tool's own message. */
export function runPgTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      if (stderr.length < 20_000) stderr += text;
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else {
        const name = path.basename(tool.path);
        reject(new PgToolError(`${name} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`));
      }
    });
  });
}
