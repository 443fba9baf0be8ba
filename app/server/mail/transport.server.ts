// Where the outbox's messages go: an SMTP relay (SMTP_URL), or, on the embedded default with no
// relay, one .eml file per message under DATA_DIR/outbox so a new user can open what was sent.
// The worker never talks to nodemailer directly: it hands a MailTransport an OutgoingMail, and
// tests hand the worker a transport of their own (an in-process SMTP server on any port).
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";

export type OutgoingMail = {
  from: string;
  to: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** The outbox row's Message-ID, the same on every attempt. */
  messageId: string;
  /** When the message was queued: the .eml file's name, so a resend overwrites, never adds. */
  queuedAt: Date;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

export type MailTransport = {
  /** "smtp://host:port" or the outbox folder: for the start-up log line, never a password. */
  describe(): string;
  /** Resolves when the relay accepted the message (or the file is written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
};

// Nodemailer's own defaults wait minutes for a dead relay; the outbox retries anyway, so an
// outage should fail an attempt quickly and leave the worker free.
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

function toMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: mail.attachments?.map((file) => ({ ...file })),
    // Readable in a text editor, and the same bytes whichever transport builds them.
    textEncoding: "quoted-printable" as const,
  };
}

type SmtpOptions = {
  /** Connection and greeting timeout (default 10 s). */
  timeoutMs?: number;
  /** Parallel connections (default 5); the worker sends as many messages at once. */
  maxConnections?: number;
};

export function createSmtpTransport(url: string, options: SmtpOptions = {}): MailTransport {
  const timeout = options.timeoutMs ?? CONNECT_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout, SOCKET_TIMEOUT_MS),
    // The outbox decides about retries: a pool that re-sent a message after a dropped
    // connection could deliver it twice without the outbox knowing.
    maxRequeues: 0,
  });
  const target = new URL(url);
  return {
    describe: () => `${target.protocol}//${target.hostname}:${target.port || "default port"}`,
    async send(mail) {
      await transporter.sendMail(toMessage(mail));
    },
    async close() {
      transporter.close();
    },
  };
}

/** "2026-03-04T05-06-07-890Z-<message id>.eml": sorts by time, safe on every file system. */
export function emlFileName(mail: Pick<OutgoingMail, "messageId" | "queuedAt">) {
  const time = mail.queuedAt.toISOString().replace(/[:.]/g, "-");
  const id = mail.messageId.replace(/[^A-Za-z0-9@._-]+/g, "").slice(0, 120) || "message";
  return `${time}-${id}.eml`;
}

function createFileTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: () => dir,
    async send(mail) {
      const info = await builder.sendMail(toMessage(mail));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, emlFileName(mail));
      // Written whole and then renamed: a reader never sees half a message.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      logger.info({ path: file, to: mail.to, subject: mail.subject }, "mail written to a file (no SMTP_URL)");
    },
    async close() {},
  };
}

let current: MailTransport | undefined;

/** The process's transport: SMTP_URL's relay, else .eml files under DATA_DIR/outbox. */
export function getMailTransport(): MailTransport {
  if (!current) {
    const env = getEnv();
    current = env.SMTP_URL
      ? createSmtpTransport(env.SMTP_URL)
      : createFileTransport(path.join(env.dataDir, "outbox"));
  }
  return current;
}

export async function closeMailTransport() {
  const transport = current;
  current = undefined;
  await transport?.close();
}
