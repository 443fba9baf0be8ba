// Counting the public catalogue's searches, and the results opened from them, without slowing or
// failing a page: each is tallied in memory and written by the recordSearches command at most once
// every SEARCH_LOG_FLUSH_SECONDS (one statement for all the queries, one audit event). A tally
// holds at most MAX_PENDING queries between writes, so a bot sending random searches fills a
// bounded map, and the command adds at most SEARCH_LOG_ROWS_PER_DAY new rows a day. Nothing about
// the visitor is kept: no address, user, session or cookie. Tallies not yet written when the
// process stops are lost (at most one interval's).
//
// Where searches are counted: a catalogue page rendered by its loader counts there, with what it
// found; a page the page cache serves counts in the server's hit hook (countCachedPage), with the
// count the log last holds for the query.

import { nzToday } from "~/lib/nz-date";
import { systemActor } from "~/server/commands/actor";
import { runCommand } from "~/server/commands/runner.server";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { recordSearches, type SearchTally } from "./commands.server";
import { loggedQuery } from "./log-query";

/** Distinct queries tallied between two writes; more are dropped until the next write. */
const MAX_PENDING = 500;
const SEARCH_LOG = systemActor("catalogue search log");

const pending = new Map<string, SearchTally>();
let timer: ReturnType<typeof setTimeout> | undefined;
let writing: Promise<void> = Promise.resolve();

function tallyOf(query: string): SearchTally | undefined {
  const existing = pending.get(query);
  if (existing) return existing;
  if (pending.size >= MAX_PENDING) return undefined;
  const fresh: SearchTally = {
    query,
    searches: 0,
    empty: 0,
    unknown: 0,
    results: null,
    opens: 0,
    lastAt: new Date().toISOString(),
  };
  pending.set(query, fresh);
  return fresh;
}

/** Counting never fails the page it is counted from: a fault is logged and the count dropped. */
function counting(count: () => void) {
  try {
    count();
  } catch (error) {
    logger.error({ err: error }, "Counting a catalogue search failed");
  }
}

function schedule() {
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    void flushSearchLog();
  }, getEnv().SEARCH_LOG_FLUSH_SECONDS * 1000);
  timer.unref?.();
}

/**
 * Counts one search of the public catalogue: `found` products, or null when the page came from
 * the page cache and the count is not known here.
 */
export function countSearch(q: string, found: number | null) {
  counting(() => {
    const query = loggedQuery(q);
    const tally = query ? tallyOf(query) : undefined;
    if (!tally) return;
    tally.searches += 1;
    if (found === null) tally.unknown += 1;
    else {
      tally.results = found;
      if (found === 0) tally.empty += 1;
    }
    tally.lastAt = new Date().toISOString();
    schedule();
  });
}

/** Counts a product page opened from a search's results (the `searched` parameter of its link). */
export function countOpenedResult(searched: string | null | undefined) {
  counting(() => {
    const query = loggedQuery(searched);
    const tally = query ? tallyOf(query) : undefined;
    if (!tally) return;
    tally.opens += 1;
    schedule();
  });
}

/**
 * A public page served from the page cache, whose loader did not run: a catalogue search's first
 * page is counted here. (A product link from the results is never served from the cache: its
 * loader counts it and redirects to the product's own address.)
 */
export function countCachedPage(url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://cache.invalid");
  } catch {
    return;
  }
  const path = parsed.pathname.replace(/\.data$/, "").replace(/\/$/, "");
  if (path === "/catalog") {
    const q = parsed.searchParams.get("q")?.trim().slice(0, 100);
    const page = parsed.searchParams.get("page");
    if (q && (!page || page.trim() === "1")) countSearch(q, null);
  }
}

/** Writes what has been tallied (a test, or the timer). Never throws: a failure is logged. */
export function flushSearchLog(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  writing = writing.then(async () => {
    if (pending.size === 0) return;
    const tallies = [...pending.values()];
    pending.clear();
    try {
      await runCommand(recordSearches, SEARCH_LOG, { day: nzToday(), tallies });
    } catch (error) {
      logger.error({ err: error, queries: tallies.length }, "Writing the search log failed");
    }
  });
  return writing;
}
