// The whole Express app of server/app.ts, over the real route table, sent real HTTP by a
// hostile client: bodies far over their route's limit are answered 413 before they have been
// sent (whether the length is declared or not) and write nothing; odd methods get a 405 or a 501;
// a file download sends each security header once.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contactQueries, users } from "~/server/db/schema";
import { SIGN_IN_MAX_BYTES } from "~/server/http/body-limit.server";
import { getStorage } from "~/server/storage/storage.server";
import { createApp } from "../../server/app";
import { cookieFor } from "../support/admin-action";
import { buildServer } from "../support/app-handler";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const build = buildServer();
  server = createApp({ build: () => build }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; body: string; bytesSent: number; headers: http.IncomingHttpHeaders };

/**
 * Posts `totalBytes` of form data to `path` in 64 KB chunks, stopping as soon as the server
 * answers; says how much had been sent by then. Without `declareLength` the body is chunked.
 */
function postLarge(path: string, totalBytes: number, declareLength: boolean): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (declareLength) headers["content-length"] = String(totalBytes);
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers });
    let bytesSent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, "a");
    chunk.write("intent=sign-up&name=Mallory&email=mallory%40example.com&password=");
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(parts).toString(),
          bytesSent,
          headers: response.headers,
        }),
      );
    });
    // The server closing the connection under a client still sending is the point, not a failure.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    function writeMore() {
      while (!answered && bytesSent < totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - bytesSent));
        bytesSent += piece.length;
        if (!request.write(piece)) {
          request.once("drain", writeMore);
          return;
        }
      }
      if (!answered) request.end();
    }
    writeMore();
  });
}

const THIRTY_MB = 30 * 1024 * 1024;
/**
 * What a client can have handed to the sockets before the answer reaches it: the kernel's send
 * and receive buffers on loopback hold a few MB. A server that reads the body first answers only
 * after all 30 MB.
 */
const SENT_BEFORE_ANSWER = 12 * 1024 * 1024;

test("30 MB posted to /auth with its length declared is answered 413 before it is sent, and no account is made", async () => {
  const answer = await postLarge("/auth", THIRTY_MB, true);
  expect(answer.status).toBe(413);
  expect(answer.body).toBe("Request too large: this form accepts at most 16 KB. Nothing was saved.");
  expect(answer.headers.connection).toBe("close");
  expect(answer.bytesSent).toBeLessThan(SENT_BEFORE_ANSWER);
  expect(await database.current.db.$count(users, eq(users.email, "mallory@example.com"))).toBe(0);
});

test("30 MB posted to /auth without a length is cut off at the limit as it arrives", async () => {
  const answer = await postLarge("/auth", THIRTY_MB, false);
  expect(answer.status).toBe(413);
  expect(answer.body).toContain("at most 16 KB");
  expect(answer.bytesSent).toBeLessThan(SENT_BEFORE_ANSWER);
  expect(await database.current.db.$count(users, eq(users.email, "mallory@example.com"))).toBe(0);
});

test("a quote-list change past 16 KB and an enquiry past 128 KB are refused; a form under its limit is read", async () => {
  const quote = await postLarge("/quote-list", 256 * 1024, false);
  expect(quote.status).toBe(413);
  expect(quote.body).toContain("at most 16 KB");
  const enquiry = await postLarge("/contact", 256 * 1024, true);
  expect(enquiry.status).toBe(413);
  expect(enquiry.body).toContain("at most 128 KB");
  expect(await database.current.db.$count(contactQueries)).toBe(0);
  // Just under the sign-in limit, the sign-in page reads the form and answers it itself.
  const small = await postLarge("/auth", SIGN_IN_MAX_BYTES - 1024, false);
  expect(small.status).toBe(400);
});

test("TRACE, PUT, unknown methods and OPTIONS get a 405, a 501 or a 204, never a 500", async () => {
  for (const [method, status] of [
    ["TRACE", 405],
    ["PROPFIND", 501],
    ["MKCOL", 501],
    ["OPTIONS", 204],
    ["PUT", 405],
    ["DELETE", 405],
  ] as const) {
    const answer = await new Promise<number>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: "/", method }, (response) => {
        response.resume();
        expect(response.headers.allow).toBe("GET, HEAD, POST");
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end();
    });
    expect(answer, method).toBe(status);
  }
});

test("a file download sends each security header once, its own policy in place of the page's", async () => {
  const stored = await getStorage().put("contact_uploads", "plans.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
  const admin = await cookieFor("admin");
  const media = await getStorage().put("media", "logo.png", Buffer.from("not really a png"));
  for (const [url, cookie] of [
    [`/admin/files/contact_uploads/${stored.name}`, admin],
    [`/files/media/${media.name}`, ""],
  ] as const) {
    const raw = await new Promise<string[]>((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: url, headers: { cookie } }, (response) => {
        response.resume();
        resolve(response.rawHeaders);
      });
      request.on("error", reject);
    });
    const names = raw.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(
      names.filter((name) => name === "x-content-type-options"),
      url,
    ).toHaveLength(1);
    expect(
      names.filter((name) => name === "content-security-policy"),
      url,
    ).toHaveLength(1);
    const csp = raw[raw.findIndex((name) => name.toLowerCase() === "content-security-policy") + 1];
    expect(csp, url).toMatch(/^default-src 'none';.*sandbox$/);
  }
});
