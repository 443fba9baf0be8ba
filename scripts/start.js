// `npm start`: build when the sources are newer than the build, then serve the production build
// (server.js migrates, creates the first admin and seeds an empty database).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(path.resolve(root, process.env.BUILD_DIR || "build"), "server/index.js");
const sources = [
  "app",
  "server",
  "drizzle",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const builtAt = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < changedAt) {
  console.log("Building Trade Counter…");
  const result = spawnSync("react-router", ["build"], { cwd: root, stdio: "inherit", shell: false });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

process.env.NODE_ENV = "production";
process.chdir(root);
await import("../server.js");
