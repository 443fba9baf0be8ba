// For the sign-in tests: the sign-in page's action called as the browser posts it, from a given
// client address, and its answer read as status, headers, message and session cookie.
import { RouterContextProvider } from "react-router";
import type { Role } from "~/lib/vocabulary";
import { action } from "~/routes/public/auth";
import { clientIpContext } from "~/server/security/request-context";
import { createUser } from "../support/users";

export const PASSWORD = "correct-horse-battery-staple";

export type SignInAnswer = {
  status: number;
  headers: Headers;
  /** The message shown under "Sign In Failed", or null. */
  failure: string | null;
  /** What the form is drawn again with (Conform's reply), on a failure. */
  result: unknown;
  /** The address a new confirmation link is offered for (a right password, an unconfirmed address). */
  unconfirmedEmail: string | null;
  location: string | null;
  /** The session cookie pair to send back, when one was set. */
  cookie: string;
};

let addresses = 0;
/** An address no other test of this run has used. */
export function freshIp() {
  addresses += 1;
  return `10.0.${Math.floor(addresses / 256)}.${addresses % 256}`;
}

export async function postAuth(
  fields: Record<string, string>,
  options: { ip?: string; cookie?: string } = {},
): Promise<SignInAnswer> {
  const context = new RouterContextProvider();
  context.set(clientIpContext, options.ip ?? freshIp());
  const request = new Request("http://localhost/auth", {
    method: "POST",
    headers: options.cookie ? { cookie: options.cookie } : {},
    body: new URLSearchParams(fields),
  });
  let outcome: unknown;
  try {
    outcome = await action({ request, params: {}, context } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const cookie = outcome.headers
      .getSetCookie()
      .filter((c) => c.includes("session_token"))
      .map((c) => c.split(";")[0])
      .join("; ");
    return {
      status: outcome.status,
      headers: outcome.headers,
      failure: null,
      result: null,
      unconfirmedEmail: null,
      location: outcome.headers.get("Location"),
      cookie,
    };
  }
  const shaped = outcome as {
    data: { failure: string | null; result: unknown; unconfirmedEmail?: string | null };
    init?: ResponseInit | null;
  };
  return {
    status: shaped.init?.status ?? 200,
    headers: new Headers(shaped.init?.headers),
    failure: shaped.data.failure,
    result: shaped.data.result,
    unconfirmedEmail: shaped.data.unconfirmedEmail ?? null,
    location: null,
    cookie: "",
  };
}

export function signInFields(email: string, password: string) {
  return { intent: "sign-in", email, password };
}

let people = 0;
export async function makeAccount(role: Role, password = PASSWORD) {
  people += 1;
  const email = `${role}.${people}.${Math.random().toString(36).slice(2, 8)}@example.nz`;
  const user = await createUser({ email, name: `${role} ${people}`, role, password });
  return { id: user.id, email, password };
}
