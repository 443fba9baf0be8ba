import { afterEach, expect, test } from "vitest";
import { disableContentMemo, enableContentMemo, memoizeContent } from "./content-memo.server";
import { createPageCache } from "./page-store.server";

afterEach(() => disableContentMemo());

function counter(value = "brands") {
  const calls = { n: 0 };
  return { calls, load: () => Promise.resolve(`${value} #${++calls.n}`) };
}

test("off (tests, scripts, development): every call reads", async () => {
  const { calls, load } = counter();
  await memoizeContent("k", load);
  await memoizeContent("k", load);
  expect(calls.n).toBe(2);
});

test("on: one read per content generation, and a content change reads again", async () => {
  const cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 });
  enableContentMemo(cache, 60_000);
  const { calls, load } = counter();
  expect(await memoizeContent("k", load)).toBe("brands #1");
  expect(await memoizeContent("k", load)).toBe("brands #1");
  expect(calls.n).toBe(1);
  cache.invalidate();
  expect(await memoizeContent("k", load)).toBe("brands #2");
  expect(calls.n).toBe(2);
});

test("a failed read is not kept: the next request asks again", async () => {
  enableContentMemo(createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 }), 60_000);
  let fail = true;
  const load = () => (fail ? Promise.reject(new Error("database down")) : Promise.resolve("ok"));
  await expect(memoizeContent("k", load)).rejects.toThrow("database down");
  fail = false;
  expect(await memoizeContent("k", load)).toBe("ok");
});

test("a thenable that runs again on every then() (a query builder) is run once", async () => {
  enableContentMemo(createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 }), 60_000);
  let runs = 0;
  const builder = {
    // biome-ignore lint/suspicious/noThenProperty: stands for drizzle's query builder
    then(resolve: (value: number) => void) {
      runs += 1;
      resolve(runs);
    },
  };
  const query = builder as unknown as PromiseLike<number>;
  await memoizeContent("q", () => query);
  await memoizeContent("q", () => query);
  expect(runs).toBe(1);
});
