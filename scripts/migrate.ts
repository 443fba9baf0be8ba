import "./env-file-option";
import { getEnv } from "~/server/env.server";
import { runScript, withDatabase } from "./open-database";

await runScript(async () => {
  const env = getEnv();
  await withDatabase(async (handle) => {
    console.log(
      `Migrations applied (${handle.kind}${handle.kind === "pglite" ? ` at ${env.dataDir}` : ""}).`,
    );
  });
});
