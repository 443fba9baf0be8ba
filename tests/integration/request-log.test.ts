// The access log of the whole Express app (server/app.ts), sent real HTTP: a customer's quote
// link is a secret, so no request for it — the page, its data, the PDF, an answer, one past the
// rate limit, a token that names nothing — leaves the token in the log. Each line names the link
// by the first 8 hex characters of the token's SHA-256 instead (what quote_links.token_hash
// begins with), and the same prefix goes to a proxy in front in X-Quote-Ref.
import crypto from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { logger } from "~/server/logger.server";
import { createApp } from "../../server/app";
import { buildServer } from "../support/app-handler";
import { useTestDatabase } from "../support/database";
import { draftQuoteFor, quoteStaff, sendAs } from "../support/quotes";

const database = useTestDatabase();

let server: http.Server;
let base = "";
const level = logger.level;

beforeAll(async () => {
  // The request logger is made with the app, at the level the logger has then.
  logger.level = "info";
  const build = buildServer();
  server = createApp({ build: () => build }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  logger.level = level;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** What the logger writes, line by line, while `run` runs. */
async function logged(run: () => Promise<void>) {
  const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[
    pino.symbols.streamSym
  ];
  if (!stream) throw new Error("the logger has no stream");
  const lines: string[] = [];
  vi.spyOn(stream, "write").mockImplementation((line: string) => {
    lines.push(String(line));
    return true;
  });
  await run();
  // The line of a request is written once its answer has been sent.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return lines;
}

async function ask(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return response;
}

test("no request for a quote link leaves its token in the log, and each names it by its hash prefix", async () => {
  const actor = await quoteStaff();
  const { draft } = await draftQuoteFor(database.current.db, actor);
  const { token } = await sendAs(actor, draft.id);
  const ref = crypto.createHash("sha256").update(token).digest("hex").slice(0, 8);
  const unknown = crypto.randomBytes(32).toString("base64url");
  const answer = (message: string) => ({
    method: "POST",
    body: new URLSearchParams({ intent: "changes", message }),
    headers: { origin: base },
  });

  const statuses: number[] = [];
  const lines = await logged(async () => {
    for (const path of [
      `/quote/${token}`,
      `/quote/${token}.data`,
      `/quote/${token}/pdf`,
      `/quote/${unknown}`,
    ]) {
      const response = await ask(path, { headers: { referer: `${base}/quote/${token}` } });
      statuses.push(response.status);
      if (path.includes(token)) expect(response.headers.get("x-quote-ref"), path).toBe(ref);
    }
    // An answer (redirected back to the page), then answers until the rate limit refuses one.
    statuses.push((await ask(`/quote/${token}`, answer("Could you quote 18mm ply instead, please?"))).status);
    for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++)
      statuses.push((await ask(`/quote/${token}`, answer("x"))).status);
  });

  expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 404]);
  expect(statuses).toContain(303);
  expect(statuses.at(-1)).toBe(429);
  const log = lines.join("");
  expect(lines.length).toBeGreaterThanOrEqual(statuses.length);
  expect(log).not.toContain(token);
  expect(log).not.toContain(unknown);
  expect(log).toContain(`"url":"/quote/[redacted-${ref}]"`);
  expect(log).toContain(`"url":"/quote/[redacted-${ref}].data"`);
  expect(log).toContain(`"url":"/quote/[redacted-${ref}]/pdf"`);
  for (const status of [200, 303, 404, 429]) expect(log).toContain(`"statusCode":${status}`);
});
