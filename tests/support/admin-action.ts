// Calling an admin route's loader and action the way the browser does: signed in with a role,
// a urlencoded or multipart post, and the outcome read as status, redirect, body and toast.
//
//   const result = await postAction(action, "/admin/case-studies", { intent: "create", title: "Deck" });
//   expect(result.status).toBe(302); expect(await toastOf(result)).toBe("Case study created successfully");

import type { Role } from "~/lib/vocabulary";
import { signInWithPassword } from "~/server/auth/session.server";
import { readToast } from "~/server/toast.server";
import { createUser } from "./users";

const PASSWORD = "correct-horse-battery-staple";
const cookies = new Map<string, string>();

/** A session cookie for a new user of the role (one per role; each test file has its own database). */
export async function cookieFor(role: Role, tag = "admin-action") {
  const email = `${role}-${tag}@example.nz`;
  const known = cookies.get(email);
  if (known) return known;
  await createUser({ email, name: `${role} person`, role, password: PASSWORD });
  const result = await signInWithPassword(
    new Request("http://localhost/auth", { method: "POST" }),
    email,
    PASSWORD,
  );
  if (!result.ok) throw new Error(result.message);
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  cookies.set(email, cookie);
  return cookie;
}

export type Outcome = { status: number; location: string | null; body: unknown; setCookie: string };

type RouteFunction = (args: never) => Promise<unknown> | unknown;

/** Runs a loader or action and reads what it returned or threw. */
export async function settle(run: () => Promise<unknown> | unknown): Promise<Outcome> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      body: null,
      setCookie: outcome.headers.get("Set-Cookie") ?? "",
    };
  }
  const shaped = outcome as { type?: string; data?: unknown; init?: { status?: number } };
  if (shaped?.type === "DataWithResponseInit") {
    return { status: shaped.init?.status ?? 200, location: null, body: shaped.data, setCookie: "" };
  }
  return { status: 200, location: null, body: outcome, setCookie: "" };
}

/** Posts fields (urlencoded) or a FormData (multipart) to a route action as a signed-in role. */
export async function postAction(
  action: RouteFunction,
  path: string,
  fields: Record<string, string | string[]> | FormData,
  role: Role = "admin",
) {
  const cookie = await cookieFor(role);
  let body: URLSearchParams | FormData;
  if (fields instanceof FormData) body = fields;
  else {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
  }
  const request = new Request(`http://localhost${path}`, { method: "POST", headers: { cookie }, body });
  return settle(() => action({ request, params: {}, context: {} } as never));
}

/** Runs a route loader for a GET of the path as a signed-in role; the loader's data, or throws. */
export async function getLoader<Data>(
  loader: (args: never) => Promise<Data> | Data,
  path: string,
  role: Role = "admin",
) {
  const cookie = await cookieFor(role);
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  return loader({ request, params: {}, context: {} } as never);
}

/** The title of the one-time toast the response sets, as the root loader will read it. */
export async function toastOf(outcome: Outcome) {
  const pair = outcome.setCookie.split(";")[0] ?? "";
  const { toast } = await readToast(new Request("http://localhost/", { headers: { cookie: pair } }));
  return toast?.title ?? "";
}

/** The field messages of a 400 answer ({ result } from parseIntent or actionFailure). */
export function fieldErrorsOf(outcome: Outcome): Record<string, string[] | null> {
  const body = outcome.body as { result?: { error?: Record<string, string[] | null> } } | null;
  return body?.result?.error ?? {};
}

/** The error toast of a refused write ({ error } from actionFailure). */
export function errorOf(outcome: Outcome) {
  return (outcome.body as { error?: { title: string; description?: string } } | null)?.error;
}
