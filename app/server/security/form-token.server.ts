// The signed token an enquiry form is served with: when the page was served and a random nonce,
// signed with the server's secret. The enquiry rules judge the fill time and single use from it;
// the page cache gives each visitor a fresh one.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { resolveAuthSecret } from "./secret.server";

function sign(issuedAt: string, nonce: string) {
  return crypto
    .createHmac("sha256", resolveAuthSecret())
    .update(`enquiry-form:${issuedAt}.${nonce}`)
    .digest("base64url");
}

/**
 * The value of the form's hidden token field: when the page was served and a random nonce (two
 * pages served in the same millisecond still get tokens of their own), signed.
 */
export function issueFormToken(now: Date = new Date()) {
  const issuedAt = String(now.getTime());
  const nonce = crypto.randomBytes(9).toString("base64url");
  const token = `${issuedAt}.${nonce}.${sign(issuedAt, nonce)}`;
  issuedInScope.getStore()?.push(token);
  return token;
}

const issuedInScope = new AsyncLocalStorage<string[]>();

/**
 * Runs `render`, adding to `issued` each form token issued for it as it is issued (also after
 * `render` returns, by the asynchronous work it started). The page cache cuts a stored page at
 * exactly these values.
 */
export function collectFormTokens(issued: string[], render: () => void) {
  issuedInScope.run(issued, render);
}

/** When the token says the form was served, or null when it is missing or forged. */
export function readFormToken(token: unknown): Date | null {
  if (typeof token !== "string" || token.length > 100) return null;
  const [issuedAt, nonce, signature, ...rest] = token.split(".");
  if (!issuedAt || !nonce || !signature || rest.length > 0 || !/^\d{1,15}$/.test(issuedAt)) return null;
  const expected = Buffer.from(sign(issuedAt, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return new Date(Number(issuedAt));
}
