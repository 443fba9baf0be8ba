// How many consent packs this process draws at once. Drawing is CPU and memory heavy (pdfkit, then
// pdf-lib holding the whole pack until it is saved), so at most CONSENT_PACK_CONCURRENCY draw at
// once, in this process's thread (an in-process semaphore, not a worker thread); up to
// CONSENT_PACK_QUEUE more wait their turn in arrival order; one past them is refused at once with
// how many are ahead and when to try again. A drawing still running after
// CONSENT_PACK_TIMEOUT_SECONDS is abandoned: its request is answered then, the drawing is told to
// stop (it checks between certificates and before saving) and keeps nothing, and its turn passes
// on only once it has stopped, so no more than the limit ever draw at once.
//
//   const pack = await drawInTurn((signal) => drawAndKeep(signal));   // throws PackBusy, PackTimedOut
import { getEnv } from "~/server/env.server";

/** Refused: the queue is full. */
export class PackBusy extends Error {
  constructor(
    /** Packs drawing or waiting before this one would. */
    readonly ahead: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`Busy: ${ahead} consent packs ahead`);
  }
}

/** Abandoned: the drawing passed the time limit. */
export class PackTimedOut extends Error {
  constructor(readonly seconds: number) {
    super(`The consent pack took longer than ${seconds} seconds to make`);
  }
}

const state = { drawing: 0, waiting: [] as (() => void)[], averageSeconds: 10 };

/** Packs drawing and waiting now (for a status or a test). */
export function packGateState() {
  return { drawing: state.drawing, waiting: state.waiting.length };
}

function retryAfter(ahead: number, concurrency: number) {
  return Math.max(1, Math.ceil(((ahead + 1) / concurrency) * state.averageSeconds));
}

function pass() {
  const next = state.waiting.shift();
  if (next) next();
  else state.drawing -= 1;
}

/** Runs `draw` when a turn is free, with a signal that aborts at the time limit. */
export async function drawInTurn<T>(draw: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const env = getEnv();
  const concurrency = env.CONSENT_PACK_CONCURRENCY;
  if (state.drawing < concurrency) state.drawing += 1;
  else if (state.waiting.length >= env.CONSENT_PACK_QUEUE) {
    const ahead = state.drawing + state.waiting.length;
    throw new PackBusy(ahead, retryAfter(ahead, concurrency));
  } else await new Promise<void>((resolve) => state.waiting.push(resolve));

  const seconds = env.CONSENT_PACK_TIMEOUT_SECONDS;
  const controller = new AbortController();
  const timedOut = new PackTimedOut(seconds);
  const started = Date.now();
  const drawing = (async () => draw(controller.signal))();
  // The turn passes on when the drawing has stopped, whether it finished or gave up.
  void drawing
    .then(() => {
      state.averageSeconds = (state.averageSeconds * 3 + (Date.now() - started) / 1000) / 4;
    })
    .catch(() => undefined)
    .finally(pass);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(timedOut);
      reject(timedOut);
    }, seconds * 1000);
  });
  try {
    return await Promise.race([drawing, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or the signal's reason as soon as it aborts (a read that would not end otherwise). */
export function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
