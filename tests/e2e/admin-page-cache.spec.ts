// The page cache and the back office, on the back-office server: a product saved there is on the
// public catalogue's very next request (the save empties the cache). A back-office journey, so no
// other journey writes to this server while the cached page is fetched twice.
import crypto from "node:crypto";
import { expect, startSession, test } from "./fixtures";
import { getCached, saveProduct, slugOf } from "./page-cache";

test("a product saved in the back office shows on the public page on the very next request", async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const name = `Cache Proof Batten ${crypto.randomBytes(3).toString("hex")}`;
  const search = `${base}/catalog?q=${encodeURIComponent(name)}`;
  expect(await (await getCached(request, search)).text()).toContain("No products found");

  await startSession(page, "admin", base);
  await saveProduct(page, base, name);

  const next = await request.get(search);
  expect(next.headers()["x-cache"]).toBe("MISS");
  const html = await next.text();
  expect(html).not.toContain("No products found");
  expect(html).toContain(slugOf(name));
});
