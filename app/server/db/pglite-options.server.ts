// How PGlite is opened, in the server's thread or in a thread of its own: the extensions the
// schema uses, single-user mode, and the buffer pool's size.
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * PGlite's buffer pool, in MB. Its WebAssembly memory never shrinks, and initdb's 128 MB pool is
 * touched as it fills: measured on the demo catalogue (a 10 MB database), the idle server held
 * 379 to 421 MB with 128 MB, 284 MB with 32 MB and 272 MB with 16 MB, at the same CPU per
 * uncached search for 32 and 128. A page not in the pool is read from the data folder through the
 * operating system's file cache.
 */
const PGLITE_SHARED_BUFFERS_MB = 32;

/** PGlite's options: its extensions, its own start parameters, then the buffer pool's size. */
export function pgliteOptions(options: { loadDataDir?: Blob; sharedBuffersMb?: number }): PGliteOptions {
  const sharedBuffersMb = options.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB;
  return {
    extensions: { pg_trgm, fuzzystrmatch },
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`],
  };
}
