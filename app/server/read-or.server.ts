// A read whose failure must not take the page down: it is logged, and the page shows its
// fallback (defaults, an empty pick-list, "Failed to fetch …") instead of a 500.
import { logger } from "./logger.server";

/** `read()`, or `fallback` (logged) when it throws. */
export async function readOr<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    logger.error({ err: error }, `Failed to load ${what}`);
    return fallback;
  }
}
