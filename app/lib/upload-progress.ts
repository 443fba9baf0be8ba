// Upload progress for forms that send a file. Fetch reports nothing while a request body goes up,
// so a request whose body is a form with a file is sent with XMLHttpRequest instead, and its
// upload events are published here. React Router's own fetch for a fetcher form is the one
// redirected: the form, its validation and its answer stay exactly as they were.
//
//   const upload = useUploadProgress(sending);   // { percent } while the file goes up
//
// When the connection drops mid-way, the request answers as if the action had sent nothing back
// (no data, so the page stays as it is) and `interrupted` is set for the form to say so.
import { useEffect, useRef, useSyncExternalStore } from "react";

type UploadSnapshot =
  | { id: number; status: "idle" }
  | { id: number; status: "uploading"; loaded: number; total: number; percent: number }
  | { id: number; status: "done" }
  | { id: number; status: "interrupted" };

let snapshot: UploadSnapshot = { id: 0, status: "idle" };
const listeners = new Set<() => void>();

function publish(next: UploadSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function hasFile(body: unknown): body is FormData {
  if (typeof FormData === "undefined" || !(body instanceof FormData)) return false;
  for (const value of body.values()) if (value instanceof File && value.size > 0) return true;
  return false;
}

function parseHeaders(raw: string) {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

const NO_BODY = new Set([101, 204, 205, 304]);

/** `fetch` for a body with a file, through XMLHttpRequest so its upload can be followed. */
function fetchWithUploadProgress(url: string, init: RequestInit & { body: FormData }): Promise<Response> {
  const id = snapshot.id + 1;
  publish({ id, status: "uploading", loaded: 0, total: 0, percent: 0 });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "POST", url);
    xhr.responseType = "arraybuffer";
    new Headers(init.headers).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
      publish({ id, status: "uploading", loaded: event.loaded, total: event.total, percent });
    };
    xhr.onload = () => {
      publish({ id, status: "done" });
      const body = NO_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer);
      resolve(
        new Response(body, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => {
      publish({ id, status: "interrupted" });
      // An answer without a body: the action returns nothing, the form keeps what was typed.
      resolve(new Response(null, { status: 204 }));
    };
    xhr.onabort = () => {
      publish({ id, status: "idle" });
      reject(new DOMException("The upload was cancelled", "AbortError"));
    };
    init.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}

let installed = false;

/** Sends every request with a file through `fetchWithUploadProgress`; once per page, in the browser. */
function installUploadProgress() {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (init && hasFile(init.body) && !(input instanceof Request)) {
      return fetchWithUploadProgress(String(input), { ...init, body: init.body });
    }
    return nativeFetch(input, init);
  };
}

installUploadProgress();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The upload of a form while it is `active` (sending, or holding a chosen file): its progress
 * while it goes up, and whether its connection dropped, until the next upload starts.
 */
export function useUploadProgress(active: boolean) {
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  const mine = useRef<number | null>(null);
  const { id, status } = current;
  useEffect(() => {
    if (active && status === "uploading") mine.current = id;
  }, [active, status, id]);
  const owns = mine.current === id || (active && status === "uploading");
  return {
    uploading: owns && current.status === "uploading" ? current : null,
    interrupted: owns && status === "interrupted",
  };
}

/** Whether the last upload lost its connection (its request then answered with no data). */
export function lastUploadInterrupted() {
  return snapshot.status === "interrupted";
}
