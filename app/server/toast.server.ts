// One-time toasts that survive a redirect: set on the response, read and cleared by the root loader.
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { TOAST_COOKIE } from "~/lib/cookie-names";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const toastCookie = createCookie(TOAST_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeaders(toast: Toast) {
  return { "Set-Cookie": await toastCookie.serialize(JSON.stringify(toast)) };
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", (await toastHeaders(toast))["Set-Cookie"]);
  return redirect(url, { ...init, headers });
}

/** The pending toast of this request, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const raw = await toastCookie.parse(request.headers.get("cookie"));
  if (typeof raw !== "string") return { toast: null, headers: {} };
  let toast: Toast | null = null;
  try {
    const parsed = toastSchema.safeParse(JSON.parse(raw));
    toast = parsed.success ? parsed.data : null;
  } catch {}
  return { toast, headers: { "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) } };
}
