// Settings files in the format systemd reads with EnvironmentFile= (/etc/tradecounter/common.env),
// parsed as systemd's own parser does: KEY=value lines; blank lines and lines starting with # or
// ; are skipped; a value that starts with a single quote is taken as written up to the next one,
// one that starts with a double quote takes backslash escapes (\" \\ \$ \`); elsewhere a
// backslash takes the next character as written, and one at the end of a line joins the next.
// No shell reads the file, so & ; | $ in a value are plain characters: the CLI scripts read a
// file the way the service does (--env-file), never by `. file` in a shell.
import fs from "node:fs";

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NEWLINE = "\n\r";
const WHITESPACE = " \t\n\r";
const DOUBLE_QUOTE_ESCAPES = '"\\`$';

type State =
  | "preKey"
  | "key"
  | "preValue"
  | "value"
  | "valueEscape"
  | "single"
  | "double"
  | "doubleEscape"
  | "comment"
  | "commentEscape";

/** The assignments of `text`, in order (a later one of the same key wins, as in systemd). */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  let state: State = "preKey";
  let key = "";
  let value = "";
  /** Where the value's trailing unquoted whitespace starts (dropped), or -1. */
  let trailing = -1;
  const assign = () => {
    const name = key.trim();
    if (KEY.test(name)) result[name] = trailing >= 0 ? value.slice(0, trailing) : value;
    key = "";
    value = "";
    trailing = -1;
  };
  for (const c of text) {
    switch (state) {
      case "preKey":
        if (c === "#" || c === ";") state = "comment";
        else if (!WHITESPACE.includes(c)) {
          state = "key";
          key = c;
        }
        break;
      case "key":
        if (NEWLINE.includes(c)) {
          state = "preKey";
          key = "";
        } else if (c === "=") state = "preValue";
        else key += c;
        break;
      case "preValue":
        if (NEWLINE.includes(c)) {
          state = "preKey";
          assign();
        } else if (c === "'") state = "single";
        else if (c === '"') state = "double";
        else if (c === "\\") state = "valueEscape";
        else if (!WHITESPACE.includes(c)) {
          state = "value";
          value += c;
        }
        break;
      case "value":
        if (NEWLINE.includes(c)) {
          state = "preKey";
          assign();
        } else if (c === "\\") {
          state = "valueEscape";
          trailing = -1;
        } else {
          if (!WHITESPACE.includes(c)) trailing = -1;
          else if (trailing < 0) trailing = value.length;
          value += c;
        }
        break;
      case "valueEscape":
        state = "value";
        if (!NEWLINE.includes(c)) value += c;
        break;
      case "single":
        if (c === "'") state = "preValue";
        else value += c;
        break;
      case "double":
        if (c === '"') state = "preValue";
        else if (c === "\\") state = "doubleEscape";
        else value += c;
        break;
      case "doubleEscape":
        state = "double";
        if (DOUBLE_QUOTE_ESCAPES.includes(c)) value += c;
        else if (!NEWLINE.includes(c)) value += `\\${c}`;
        break;
      case "comment":
        if (c === "\\") state = "commentEscape";
        else if (NEWLINE.includes(c)) state = "preKey";
        break;
      case "commentEscape":
        state = "comment";
        break;
    }
  }
  if (state !== "preKey" && state !== "key" && state !== "comment" && state !== "commentEscape") assign();
  return result;
}

/**
 * Reads `file` into process.env, leaving alone what the environment already sets (a setting
 * given on the command line wins). Errors say what to do about a file that cannot be read.
 */
export function loadEnvironmentFile(file: string, env: NodeJS.ProcessEnv = process.env) {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES") {
      throw new Error(
        `--env-file ${file}: permission denied. The file holds secrets and is root's alone: run this as root.`,
      );
    }
    if (code === "ENOENT") throw new Error(`--env-file ${file}: there is no such file.`);
    throw new Error(`--env-file ${file}: ${(error as Error).message}`);
  }
  const values = parseEnvironmentFile(text);
  for (const [key, value] of Object.entries(values)) {
    if (env[key] === undefined) env[key] = value;
  }
  return Object.keys(values);
}

const STORAGE_URL_OPTIONS = ["endpoint", "region", "forcePathStyle", "prefix"] as const;

/**
 * When a shell read a settings file with an unquoted STORAGE_URL (`set -a; . common.env`), each
 * `&` ended a command: STORAGE_URL was set only in a background job and so not at all, and the
 * last option became a variable of its own. This names that, or returns null.
 */
export function cutStorageUrlProblem(env: NodeJS.ProcessEnv = process.env) {
  if (env.STORAGE_URL) return null;
  const strays = STORAGE_URL_OPTIONS.filter((name) => env[name] !== undefined);
  if (strays.length === 0) return null;
  return (
    `STORAGE_URL is not set, but ${strays.map((name) => `${name}=${env[name]}`).join(" and ")} is: a ` +
    'shell read the settings file and cut STORAGE_URL at its first "&" (an unquoted & ends a shell ' +
    "command). Put the value in single quotes in the file, STORAGE_URL='s3://…&…', or give the file " +
    "with --env-file FILE, which reads it the way systemd does, without a shell."
  );
}
