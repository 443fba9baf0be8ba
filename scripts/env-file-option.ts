// The first import of every CLI script, so that it runs before any module reads the settings:
// `--env-file FILE` (repeatable) reads a settings file the way the systemd units read
// /etc/tradecounter/common.env (what the command's own environment sets wins), and is taken out
// of the arguments the script sees. Then a STORAGE_URL that a shell cut at its first "&" stops
// the script with a message saying so, before it backs up, restores or copies the wrong files.
import { cutStorageUrlProblem, loadEnvironmentFile } from "~/server/env-file.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv;
for (let i = 2; i < args.length; ) {
  const arg = args[i]!;
  let file: string | undefined;
  if (arg === "--env-file") {
    file = args[i + 1];
    args.splice(i, 2);
  } else if (arg.startsWith("--env-file=")) {
    file = arg.slice("--env-file=".length);
    args.splice(i, 1);
  } else {
    i += 1;
    continue;
  }
  if (!file) fail("--env-file needs the settings file's name, e.g. --env-file /etc/tradecounter/common.env");
  try {
    loadEnvironmentFile(file);
  } catch (error) {
    fail((error as Error).message);
  }
}

const cut = cutStorageUrlProblem();
if (cut) fail(cut);
