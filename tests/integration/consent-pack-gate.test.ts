// The consent pack's bounds, through the real route over the whole app: one pack drawn at once and
// one waiting (set below); a third request while both are held gets 429 with Retry-After and a
// page saying how many packs are ahead; a pack past the time limit is answered 503 and nothing is
// kept; a visitor past the hourly limit gets 429 with Retry-After; every download is counted for
// the dashboard's month. Drawings are held open by a
// storage whose certificate reads wait on a promise the test releases, so nothing depends on time.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.CONSENT_PACK_CONCURRENCY = "1";
  process.env.CONSENT_PACK_QUEUE = "1";
  process.env.CONSENT_PACK_TIMEOUT_SECONDS = "600";
  process.env.CONSENT_PACK_RATE_LIMIT_PER_HOUR = "3";
});

import { afterEach, beforeEach, expect, test } from "vitest";
import { QUOTE_LIST_COOKIE } from "~/lib/cookie-names";
import { packGateState } from "~/modules/consent-pack/gate.server";
import { countConsentPacksThisMonth } from "~/modules/dashboard/queries.server";
import { encodeQuoteList } from "~/modules/quote-list/quote-list-cookie";
import { consentPackDownloads } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { getStorage, type Storage, setStorage } from "~/server/storage/storage.server";
import { cookieFor } from "../support/admin-action";
import { createAppHandler } from "../support/app-handler";
import { onePagePdf, productWithCertificate as productOnFile } from "../support/consent-pack";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
const db = () => database.current.db;
const app = createAppHandler();

/** Certificate reads wait for `release()`; `started` counts reads that have begun. */
let held: { release: () => void; started: number; open: Promise<void> };
let plain: Storage;

beforeEach(() => {
  plain = getStorage();
  let release = () => {};
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  held = { release, started: 0, open };
  setStorage({
    ...plain,
    async get(bucket, name, options) {
      if (bucket === "certificates") {
        held.started += 1;
        await held.open;
      }
      return plain.get(bucket, name, options);
    },
  } satisfies Storage);
});

afterEach(async () => {
  held.release();
  await vi.waitFor(() => expect(packGateState()).toEqual({ drawing: 0, waiting: 0 }), { timeout: 60_000 });
  setStorage(plain);
});

async function productWithCertificate(name: string) {
  const number = name.replace(/\W+/g, "");
  const file = await onePagePdf(`${name} certificate`);
  return (await productOnFile(db(), { name, number, file, storage: plain })).product;
}

function ask(productId: string, job: string, clientIp: string) {
  const cookie = `${QUOTE_LIST_COOKIE}=${encodeQuoteList([{ productId, quantity: 1 }])}`;
  return app(
    new Request(`http://localhost/quote-list/consent-pack?job=${encodeURIComponent(job)}`, {
      headers: { cookie },
    }),
    { clientIp },
  );
}

async function storedPacks() {
  const names: string[] = [];
  for await (const file of plain.list("consent_packs")) names.push(file.name);
  return names;
}

test("past one drawing and one waiting, a pack request gets 429 with Retry-After and how many are ahead", async () => {
  const product = await productWithCertificate("Gate Product");
  const first = ask(product.id, "First job", "198.51.100.1");
  await vi.waitFor(() => expect(held.started).toBe(1), { timeout: 60_000 });
  const second = ask(product.id, "Second job", "198.51.100.2");
  await vi.waitFor(() => expect(packGateState()).toEqual({ drawing: 1, waiting: 1 }), { timeout: 60_000 });

  const third = await ask(product.id, "Third job", "198.51.100.3");
  expect(third.status).toBe(429);
  expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
  const page = await third.text();
  expect(page).toMatch(/Busy: 2 packs ahead of yours, try again in \d+ seconds?\./);

  held.release();
  for (const response of [await first, await second]) {
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  }
});

test("a pack past the time limit is answered 503 with the reason, and nothing is kept", async () => {
  const product = await productWithCertificate("Slow Product");
  const before = await storedPacks();
  getEnv().CONSENT_PACK_TIMEOUT_SECONDS = 0.5;
  try {
    const response = await ask(product.id, "Slow job", "198.51.100.4");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("took longer than");
  } finally {
    getEnv().CONSENT_PACK_TIMEOUT_SECONDS = 600;
  }
  held.release();
  await vi.waitFor(() => expect(packGateState()).toEqual({ drawing: 0, waiting: 0 }), { timeout: 60_000 });
  expect(await storedPacks()).toEqual(before);
});

test("a visitor past the hourly limit gets 429 with Retry-After; a cached pack still counts", async () => {
  const product = await productWithCertificate("Limited Product");
  held.release();
  for (let n = 0; n < 3; n += 1) {
    const response = await ask(product.id, "Limited job", "203.0.113.77");
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  const refused = await ask(product.id, "Limited job", "203.0.113.77");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await refused.text()).toContain("You have downloaded 3 consent packs this hour");
  // Another address is not held back. Its file is read to the end: a PDF's download is counted
  // while it is on its way, and the count must not land in the next test's month.
  const other = await ask(product.id, "Limited job", "203.0.113.78");
  expect(other.status).toBe(200);
  await other.arrayBuffer();
});

test("every pack downloaded is counted for the dashboard's month, which shows it; last month's are not", async () => {
  const product = await productWithCertificate("Counted Product");
  held.release();
  const lastMonth = new Date(Date.now() - 40 * 24 * 3600 * 1000);
  await db()
    .insert(consentPackDownloads)
    .values({ source: "visitor", products: 1, format: "pdf", createdAt: lastMonth });
  const before = await countConsentPacksThisMonth();
  const pdf = await ask(product.id, "Counted job", "192.0.2.10");
  await pdf.arrayBuffer();
  const zip = await app(
    new Request(`http://localhost/quote-list/consent-pack?format=zip`, {
      headers: {
        cookie: `${QUOTE_LIST_COOKIE}=${encodeQuoteList([{ productId: product.id, quantity: 1 }])}`,
      },
    }),
    { clientIp: "192.0.2.11" },
  );
  expect(zip.headers.get("Content-Type")).toBe("application/zip");
  await zip.arrayBuffer();
  expect(await countConsentPacksThisMonth()).toBe(before + 2);
  const rows = await db().select().from(consentPackDownloads);
  expect(
    rows.filter((row) => row.createdAt > lastMonth).map((row) => [row.source, row.format, row.products]),
  ).toEqual(
    expect.arrayContaining([
      ["visitor", "pdf", 1],
      ["visitor", "zip", 1],
    ]),
  );

  const dashboard = await app(
    new Request("http://localhost/admin", {
      headers: { cookie: await cookieFor("admin", "consent-pack-count") },
    }),
  );
  const html = (await dashboard.text()).replace(/<!--.*?-->/g, "");
  expect(html).toMatch(new RegExp(`Consent packs this month.{0,3000}?>${before + 2}<`, "s"));
});
