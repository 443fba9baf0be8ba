// A web server on loopback that serves what the import's picture fetches meet: a picture, a 404,
// a page named .jpg, a body far over the size limit (streamed, or declared up front), redirects
// (relative, endless, to a metadata or "any" address, to ftp) and a server that never answers.
// It records each request and, for the oversized bodies, how many bytes went out before the
// client closed the connection.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type PictureServer = {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** The paths asked for, in order. */
  requests: string[];
  /** Resolves when the oversized body's connection closed: the bytes sent, and whether all were. */
  hugeClosed(): Promise<{ sent: number; finished: boolean }>;
  close(): Promise<void>;
};

const MB = 1024 * 1024;
/** The oversized body: 60 MB, far over any picture limit. */
export const HUGE_BYTES = 60 * MB;

export async function startPictureServer(picture: Uint8Array): Promise<PictureServer> {
  const requests: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  let hugeDone: (value: { sent: number; finished: boolean }) => void = () => {};
  let hugeResult = new Promise<{ sent: number; finished: boolean }>((resolve) => {
    hugeDone = resolve;
  });

  function streamHuge(response: http.ServerResponse, declare: boolean) {
    hugeResult = new Promise((resolve) => {
      hugeDone = resolve;
    });
    response.writeHead(200, {
      "content-type": "image/jpeg",
      ...(declare ? { "content-length": String(HUGE_BYTES) } : {}),
    });
    // A JPEG's first bytes, then filler: a picture as far as its head says.
    const head = Buffer.from(picture.subarray(0, 1024));
    const chunk = Buffer.alloc(256 * 1024, 0x55);
    let sent = 0;
    let finished = false;
    response.on("close", () => hugeDone({ sent, finished }));
    const pump = () => {
      while (sent < HUGE_BYTES) {
        const part = sent === 0 ? head : chunk.subarray(0, Math.min(chunk.length, HUGE_BYTES - sent));
        sent += part.length;
        if (!response.write(part)) return void response.once("drain", pump);
      }
      finished = true;
      response.end();
    };
    pump();
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    switch (url.pathname) {
      case "/good.jpg":
        response.writeHead(200, { "content-type": "image/jpeg", "content-length": picture.length });
        return void response.end(picture);
      case "/page.jpg":
        response.writeHead(200, { "content-type": "image/jpeg" });
        return void response.end("<!DOCTYPE html><html><body><h1>Not here</h1></body></html>");
      case "/huge.jpg":
        return streamHuge(response, false);
      case "/declared-huge.jpg":
        return streamHuge(response, true);
      case "/to-good":
        return redirect("/good.jpg");
      case "/loop":
        return redirect("/loop");
      case "/to-metadata":
        return redirect("http://169.254.169.254/latest/meta-data/");
      case "/to-unspecified":
        return redirect(`http://0.0.0.0:${(server.address() as AddressInfo).port}/good.jpg`);
      case "/to-ftp":
        return redirect("ftp://127.0.0.1/good.jpg");
      case "/hang":
        hanging.add(response);
        return;
      default:
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    hugeClosed: () => hugeResult,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
