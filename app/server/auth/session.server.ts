// Sign-in, sign-up and sign-out through better-auth's server API; its Set-Cookie headers are
// passed on so the browser keeps only the session id.
import { APIError } from "better-auth/api";
import { redirect } from "react-router";
import { toastHeaders } from "../toast.server";
import { getAuth } from "./auth.server";

export type AuthResult = { ok: true; headers: Headers; userId: string } | { ok: false; message: string };

function messageOf(error: unknown) {
  if (error instanceof APIError) return error.body?.message ?? error.message;
  return "Something went wrong. Please try again.";
}

export async function signInWithPassword(
  request: Request,
  email: string,
  password: string,
): Promise<AuthResult> {
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

export async function signUpWithPassword(
  request: Request,
  input: { name: string; email: string; password: string },
): Promise<AuthResult> {
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

export async function signOut(request: Request) {
  const headers = new Headers();
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session to end: still leave the visitor signed out.
  }
  headers.append(
    "Set-Cookie",
    (await toastHeaders({ type: "success", title: "Signed out", description: "You have been signed out." }))[
      "Set-Cookie"
    ],
  );
  return redirect("/", { headers });
}
