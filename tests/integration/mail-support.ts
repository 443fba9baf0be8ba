// For the mail tests: an in-process SMTP server (smtp-server) on 127.0.0.1 that keeps what it
// receives, and a small reader for the messages nodemailer writes (headers, quoted-printable
// and base64 parts), since mailparser cannot be installed here.
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { createSmtpTransport, type MailTransport } from "~/server/mail/transport.server";

export type ParsedMail = {
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** Parts sent as attachments: their file name, type and bytes. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type ReceivedMail = ParsedMail & { from: string; to: string[]; raw: string };

export type TestSmtp = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages whose data the server has begun to receive (and may be holding). */
  receiving: () => number;
  close(): Promise<void>;
};

/** Starts a server on `port` (0: any free one) that accepts every message. */
export async function startSmtpServer(
  port = 0,
  options: Pick<SMTPServerOptions, "onRcptTo"> & {
    delayMs?: number;
    /** Each message is answered only once this settles: a relay that hangs until released. */
    hold?: Promise<void>;
  } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onRcptTo: options.onRcptTo,
    onData(stream, session, callback) {
      receiving += 1;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        const answer = () =>
          setTimeout(() => {
            received.push({ ...parseMail(raw), from, to, raw });
            callback();
          }, options.delayMs ?? 0);
        if (options.hold) void options.hold.then(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    receiving: () => receiving,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken from a server that is then closed). */
export async function deadPort() {
  const smtp = await startSmtpServer();
  await smtp.close();
  return smtp.port;
}

function decodeQuotedPrintable(text: string) {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeEncodedWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function splitHead(raw: string) {
  const normalised = raw.replace(/\r\n/g, "\n");
  const at = normalised.indexOf("\n\n");
  const head = at === -1 ? normalised : normalised.slice(0, at);
  const body = at === -1 ? "" : normalised.slice(at + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string) {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Headers (unfolded, encoded words decoded), and the text and html parts decoded. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  for (const [name, value] of headers) headers.set(name, decodeEncodedWords(value));
  const parts: { type: string; content: string }[] = [];
  const attachments: ParsedMail["attachments"] = [];
  const walk = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        const inner = splitHead(section.replace(/^\n/, ""));
        walk(inner.headers, inner.body);
      }
      return;
    }
    const disposition = partHeaders.get("content-disposition") ?? "";
    if (/^attachment/i.test(disposition)) {
      const encoding = (partHeaders.get("content-transfer-encoding") ?? "").toLowerCase();
      attachments.push({
        filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "",
        contentType: type.split(";")[0]?.trim().toLowerCase() ?? "",
        content:
          encoding === "base64"
            ? Buffer.from(partBody.replace(/\s+/g, ""), "base64")
            : Buffer.from(decodeBody(partHeaders, partBody)),
      });
      return;
    }
    parts.push({ type: type.toLowerCase(), content: decodeBody(partHeaders, partBody) });
  };
  walk(headers, body);
  return {
    headers,
    subject: headers.get("subject") ?? "",
    messageId: headers.get("message-id") ?? "",
    text: parts.find((p) => p.type.startsWith("text/plain"))?.content ?? "",
    html: parts.find((p) => p.type.startsWith("text/html"))?.content ?? "",
    attachments,
  };
}

/**
 * For a test file: an SMTP server started before its tests and a transport that sends to it,
 * both closed after them. Read `.smtp` and `.transport` inside the tests.
 */
export function useSmtpServer() {
  const ref = {} as { smtp: TestSmtp; transport: MailTransport };
  beforeAll(async () => {
    ref.smtp = await startSmtpServer();
    ref.transport = createSmtpTransport(ref.smtp.url, { timeoutMs: 2000 });
  });
  afterAll(async () => {
    await ref.transport.close();
    await ref.smtp.close();
  });
  return ref;
}
