// A fetch the server makes on someone else's word stays within its limits: http(s) only, never
// to this machine or a private network unless allowed, never to a metadata or "any" address
// even then, redirects checked hop by hop, a time limit, a size limit that closes the connection
// as soon as it is passed, and the type told from the bytes.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type FetchLimits, fetchToFile } from "~/server/http/fetch-limited.server";
import { IMAGE_TYPES } from "~/server/storage/file-signature";
import { HUGE_BYTES, type PictureServer, startPictureServer } from "../support/picture-server";

const MB = 1024 * 1024;
const LIMITS: FetchLimits = {
  maxBytes: 5 * MB,
  timeoutMs: 20_000,
  maxRedirects: 5,
  allowPrivate: true,
  accept: IMAGE_TYPES,
};

let server: PictureServer;
let picture: Buffer;
let dir: string;

beforeAll(async () => {
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c2410c" } })
    .jpeg()
    .toBuffer();
  server = await startPictureServer(picture);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tc-fetch-"));
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function target() {
  return path.join(dir, crypto.randomBytes(6).toString("hex"));
}

test("a picture is fetched into the file, its type told from its bytes and its SHA-256 given", async () => {
  const to = target();
  const fetched = await fetchToFile(`${server.origin}/good.jpg`, to, LIMITS);
  expect(fetched).toEqual({
    ok: true,
    url: `${server.origin}/good.jpg`,
    type: "jpeg",
    size: picture.length,
    sha256: crypto.createHash("sha256").update(picture).digest("hex"),
  });
  expect(fs.readFileSync(to).equals(picture)).toBe(true);
});

test("an answer other than 200 is refused with its status, and no file is left", async () => {
  const to = target();
  expect(await fetchToFile(`${server.origin}/missing.jpg`, to, LIMITS)).toMatchObject({
    ok: false,
    reason: "status",
    status: 404,
  });
  expect(fs.existsSync(to)).toBe(false);
});

test("a page named .jpg and served as image/jpeg is refused as HTML", async () => {
  const to = target();
  expect(await fetchToFile(`${server.origin}/page.jpg`, to, LIMITS)).toMatchObject({
    ok: false,
    reason: "wrong_type",
    found: "HTML",
  });
  expect(fs.existsSync(to)).toBe(false);
});

test("a 60 MB body with no length is cut as soon as it passes the limit: the connection is closed", async () => {
  const to = target();
  expect(await fetchToFile(`${server.origin}/huge.jpg`, to, LIMITS)).toMatchObject({
    ok: false,
    reason: "too_large",
  });
  const { sent, finished } = await server.hugeClosed();
  expect(finished).toBe(false);
  expect(sent).toBeLessThan(HUGE_BYTES / 2);
  expect(fs.existsSync(to)).toBe(false);
});

test("a declared length over the limit is refused before the body is read", async () => {
  const to = target();
  expect(await fetchToFile(`${server.origin}/declared-huge.jpg`, to, LIMITS)).toMatchObject({
    ok: false,
    reason: "too_large",
  });
  const { finished } = await server.hugeClosed();
  expect(finished).toBe(false);
  expect(fs.existsSync(to)).toBe(false);
});

test("with private addresses not allowed, this machine is refused by address and by name, before any request", async () => {
  const before = server.requests.length;
  const closed = { ...LIMITS, allowPrivate: false };
  expect(await fetchToFile(`${server.origin}/good.jpg`, target(), closed)).toMatchObject({
    ok: false,
    reason: "private_address",
    address: "127.0.0.1",
  });
  // A name is checked by what it resolves to, in the lookup the connection itself uses.
  expect(await fetchToFile(`http://localhost:${server.port}/good.jpg`, target(), closed)).toMatchObject({
    ok: false,
    reason: "private_address",
  });
  expect(
    await fetchToFile(`http://[::ffff:127.0.0.1]:${server.port}/good.jpg`, target(), closed),
  ).toMatchObject({ ok: false, reason: "private_address" });
  expect(await fetchToFile(`http://2130706433:${server.port}/good.jpg`, target(), closed)).toMatchObject({
    ok: false,
    reason: "private_address",
  });
  expect(server.requests.length).toBe(before);
});

test("a redirect is followed, and each hop is checked again: metadata and 'any' addresses are refused even with private allowed", async () => {
  expect(await fetchToFile(`${server.origin}/to-good`, target(), LIMITS)).toMatchObject({
    ok: true,
    url: `${server.origin}/good.jpg`,
    type: "jpeg",
  });
  expect(await fetchToFile(`${server.origin}/to-metadata`, target(), LIMITS)).toMatchObject({
    ok: false,
    reason: "private_address",
    address: "169.254.169.254",
    url: "http://169.254.169.254/latest/meta-data/",
  });
  const before = server.requests.length;
  expect(await fetchToFile(`${server.origin}/to-unspecified`, target(), LIMITS)).toMatchObject({
    ok: false,
    reason: "private_address",
    address: "0.0.0.0",
  });
  // The redirect was asked for; the picture it pointed to never was.
  expect(server.requests.slice(before)).toEqual(["/to-unspecified"]);
  expect(await fetchToFile(`${server.origin}/to-ftp`, target(), LIMITS)).toMatchObject({
    ok: false,
    reason: "not_http",
  });
});

test("redirects stop after the limit", async () => {
  const before = server.requests.length;
  expect(await fetchToFile(`${server.origin}/loop`, target(), LIMITS)).toMatchObject({
    ok: false,
    reason: "too_many_redirects",
  });
  expect(server.requests.length - before).toBe(LIMITS.maxRedirects + 1);
});

test("a server that never answers is given up on at the time limit", async () => {
  const to = target();
  expect(await fetchToFile(`${server.origin}/hang`, to, { ...LIMITS, timeoutMs: 300 })).toMatchObject({
    ok: false,
    reason: "timeout",
  });
  expect(fs.existsSync(to)).toBe(false);
});

test("only http and https are fetched", async () => {
  expect(await fetchToFile("file:///etc/passwd", target(), LIMITS)).toMatchObject({
    ok: false,
    reason: "not_http",
  });
  expect(await fetchToFile("not a url", target(), LIMITS)).toMatchObject({ ok: false, reason: "not_http" });
});

test("a port nobody listens on is unreachable", async () => {
  const free = await startPictureServer(picture);
  await free.close();
  expect(await fetchToFile(`${free.origin}/good.jpg`, target(), LIMITS)).toMatchObject({
    ok: false,
    reason: "unreachable",
  });
});
