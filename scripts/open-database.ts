// Shared by the CLI scripts: open the configured database (the server must not be running on
// the same embedded data folder) and always close it, or PGlite keeps the process alive.
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDatabase, connectDatabase } from "~/server/db/db.server";

export async function withDatabase<T>(task: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await connectDatabase();
  try {
    await handle.migrate();
    return await task(handle);
  } finally {
    await closeDatabase();
  }
}

export function argValue(args: string[], name: string) {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

export async function runScript(main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
