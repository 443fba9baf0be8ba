// Images that are in the content but were never processed (the demo seed's pictures, any upload
// stored before image processing existed, and the pictures a catalogue import recorded to be
// processed later) are processed in the background: after start, and again when asked
// (requestImageBackfill, after an import), one at a time and behind any upload, so the site
// answers at once and the srcsets arrive afterwards. Pages served meanwhile show the originals.
import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { runExclusive } from "~/server/db/exclusive-runs.server";
import { logger } from "~/server/logger.server";
import { parseStoredPath } from "~/server/storage/storage.server";
import { processStoredImage } from "./process-image.server";

const BATCH = 10;
/** Before the first batch: the server's own start (and its first visitors) go first. */
const START_DELAY_MS = 3_000;

/** Every public image column. A new one belongs here, or its old images never get variants. */
const IMAGE_COLUMNS = sql`
  select image_url as url from products
  union select logo_url from brands
  union select image_url from case_studies
  union select image_url from certifications
  union select image_url from home_content`;

/**
 * Stored images referenced by the content that have no image_assets row, or one recorded without
 * its sizes yet (up to `limit`).
 */
export async function findUnprocessedImages(limit: number, skip: ReadonlySet<string> = new Set()) {
  const result = await getDb().execute<{ url: string }>(sql`
    select c.url from (${IMAGE_COLUMNS}) c
    where c.url is not null
      and not exists (
        select 1 from image_assets a where a.url = c.url and a.variants <> '[]'::jsonb)
    order by c.url
    limit ${limit + skip.size}`);
  const rows = (result as unknown as { rows: { url: string }[] }).rows;
  return rows
    .filter((row) => !skip.has(row.url))
    .flatMap((row) => {
      const stored = parseStoredPath(row.url);
      return stored && stored.bucket !== "contact_uploads" ? [{ url: row.url, ...stored }] : [];
    })
    .slice(0, limit);
}

type BackfillOptions = {
  /** Called after a batch processed at least one image (the page cache must forget old pages). */
  onProcessed?(count: number): void;
  /** Stops between two images when it returns true. */
  stopped?(): boolean;
};

/** Processes every unprocessed image; returns how many got variants and how many were refused. */
export async function backfillImages(options: BackfillOptions = {}) {
  // An image that does not decode (or whose file is gone) stays as it is; it is not retried
  // within this run.
  const skip = new Set<string>();
  let processed = 0;
  while (!options.stopped?.()) {
    const batch = await findUnprocessedImages(BATCH, skip);
    if (batch.length === 0) break;
    let done = 0;
    for (const image of batch) {
      if (options.stopped?.()) break;
      const result = await processStoredImage(image).catch((error: unknown) => {
        logger.warn({ err: error, url: image.url }, "Could not process a stored image");
        return { ok: false as const };
      });
      if (result.ok) done += 1;
      else skip.add(image.url);
    }
    processed += done;
    if (done > 0) options.onProcessed?.(done);
  }
  return { processed, refused: skip.size };
}

type BackfillState = "off" | "waiting" | "running" | "done";
let state: BackfillState = "off";

/** Where the background run is (shown by /healthz, so an operator or a benchmark can wait for it). */
export function imageBackfillState() {
  return state;
}

/** Asks the background run (when this process has one) to go through the images again now. */
let requestRun: () => void = () => {};
export function requestImageBackfill() {
  requestRun();
}

/**
 * In a worker thread that writes for the server (a catalogue import's), the requests go to the
 * server thread's run (`to`: a message to it): the thread has no run of its own.
 */
export function forwardImageBackfillRequests(to: () => void) {
  requestRun = to;
}

/** Starts the background run; the returned stop function waits for the image in hand. */
export function startImageBackfill(options: { onProcessed?(count: number): void } = {}) {
  let stopping = false;
  let running: Promise<unknown> | undefined;
  let again = false;
  state = "waiting";

  function run() {
    const started = Date.now();
    state = "running";
    again = false;
    // Processes sharing a database: one works through the images, the others leave it to it.
    running = runExclusive("image-backfill", () =>
      backfillImages({ onProcessed: options.onProcessed, stopped: () => stopping }),
    )
      .then((run) => {
        if (!run.ran) return;
        const { processed, refused } = run.value;
        if (processed || refused) {
          logger.info(
            { processed, refused, ms: Date.now() - started },
            "Processed stored images without variants",
          );
        }
      })
      .catch((error: unknown) => logger.error({ err: error }, "Processing stored images failed"))
      .finally(() => {
        state = "done";
        running = undefined;
        // Asked again while it ran: images recorded after its last look are not left waiting.
        if (again && !stopping) run();
      });
  }

  const timer = setTimeout(run, START_DELAY_MS);
  timer.unref();
  requestRun = () => {
    if (stopping || state === "waiting") return;
    if (running) again = true;
    else run();
  };
  return async function stopImageBackfill() {
    stopping = true;
    requestRun = () => {};
    clearTimeout(timer);
    while (running) await running;
    state = "off";
  };
}
