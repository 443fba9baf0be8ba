// A systemd service unit from deploy/systemd, run the way systemd runs it, for tests: its
// [Service] Environment= lines, then its EnvironmentFile= files (parsed as systemd parses them,
// overriding those lines), in its WorkingDirectory, its ExecStartPre=, ExecStart= and (whatever
// happened) ExecStopPost= commands in turn, with the paths a test gives in place of the
// machine's (/srv/tradecounter, /etc/tradecounter/common.env, …) and nothing else of the test's
// environment but PATH. The User= switch is not done (the test runs as itself).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { parseEnvironmentFile } from "~/server/env-file.server";

export type Unit = {
  environment: [string, string][];
  environmentFiles: { file: string; optional: boolean }[];
  workingDirectory?: string;
  execStartPre: string[];
  execStart: string[];
  execStopPost: string[];
  /** Every key=value of [Service], for asserting on settings such as User=. */
  service: [string, string][];
};

/** systemd's splitting of a command line or an Environment= value: whitespace, quotes kept together. */
function splitWords(text: string) {
  const words: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    words.push(match[1]?.replace(/\\(.)/g, "$1") ?? match[2] ?? match[3] ?? "");
  }
  return words;
}

/** The unit file, with its drop-ins applied in order, every path in `rewrite` replaced. */
export function readUnit(files: string[], rewrite: Record<string, string> = {}): Unit {
  const unit: Unit = {
    environment: [],
    environmentFiles: [],
    execStartPre: [],
    execStart: [],
    execStopPost: [],
    service: [],
  };
  for (const file of files) {
    let text = fs.readFileSync(file, "utf8");
    for (const [from, to] of Object.entries(rewrite)) text = text.replaceAll(from, to);
    let section = "";
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
      const heading = /^\[(.+)\]$/.exec(line);
      if (heading) {
        section = heading[1]!;
        continue;
      }
      if (section !== "Service") continue;
      const equals = line.indexOf("=");
      const key = line.slice(0, equals).trim();
      const value = line.slice(equals + 1).trim();
      unit.service.push([key, value]);
      if (key === "Environment") {
        for (const word of splitWords(value)) {
          const at = word.indexOf("=");
          unit.environment.push([word.slice(0, at), word.slice(at + 1)]);
        }
      } else if (key === "EnvironmentFile") {
        unit.environmentFiles.push({ file: value.replace(/^-/, ""), optional: value.startsWith("-") });
      } else if (key === "WorkingDirectory") unit.workingDirectory = value;
      else if (key === "ExecStartPre") unit.execStartPre.push(value);
      else if (key === "ExecStart") unit.execStart.push(value);
      else if (key === "ExecStopPost") unit.execStopPost.push(value);
    }
  }
  return unit;
}

/** The environment systemd gives the unit's commands. */
export function unitEnvironment(unit: Unit, path: string) {
  const env: Record<string, string> = { PATH: path };
  for (const [key, value] of unit.environment) env[key] = value;
  for (const { file, optional } of unit.environmentFiles) {
    if (!fs.existsSync(file)) {
      if (optional) continue;
      throw new Error(`EnvironmentFile ${file} does not exist`);
    }
    Object.assign(env, parseEnvironmentFile(fs.readFileSync(file, "utf8")));
  }
  return env;
}

function runCommand(line: string, env: Record<string, string>, cwd: string | undefined) {
  // "-": a failure is ignored; "+": full privileges (the test has no others to drop).
  const ignoreFailure = /^[-+@:!]*-/.test(line);
  const [command = "", ...args] = splitWords(line.replace(/^[-+@:!]+/, ""));
  return new Promise<{ code: number; output: string; ignoreFailure: boolean }>((resolve) => {
    let output = "";
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => resolve({ code: 127, output: String(error), ignoreFailure }));
    child.once("exit", (code) => resolve({ code: code ?? 1, output, ignoreFailure }));
  });
}

/**
 * Runs the unit as `systemctl start` runs a Type=oneshot service: ExecStartPre and ExecStart in
 * turn until one fails, then ExecStopPost whatever happened. The exit code is the first failure's.
 */
export async function runUnit(unit: Unit, options: { path: string }) {
  const env = unitEnvironment(unit, options.path);
  let code = 0;
  let output = "";
  for (const line of [...unit.execStartPre, ...unit.execStart]) {
    const result = await runCommand(line, env, unit.workingDirectory);
    output += result.output;
    if (result.code !== 0 && !result.ignoreFailure) {
      code = result.code;
      break;
    }
  }
  for (const line of unit.execStopPost) {
    const result = await runCommand(
      line,
      { ...env, SERVICE_RESULT: code ? "exit-code" : "success" },
      unit.workingDirectory,
    );
    output += result.output;
  }
  return { code, output };
}
