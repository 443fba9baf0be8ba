// Configuration: every environment variable the server reads, parsed once by one zod schema.
// A bad value stops the server with a message that names it.
import path from "node:path";
import { z } from "zod";
import { parseStorageUrl, type S3Location } from "./storage-url";

const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * The embedded database's buffer pool in MB (PGlite only; PostgreSQL has its own settings).
   * Its memory is kept once touched: a larger pool holds more of a large catalogue in memory.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /** Worker processes `npm start` runs on this machine (node:cluster); above 1 needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** false: every page says noindex (meta and X-Robots-Tag) and robots.txt disallows all, e.g. on staging. */
  ALLOW_INDEXING: booleanish.default(true),
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (try: openssl rand -hex 32)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(12, "must be at least 12 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED_DEMO: booleanish.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanish.default(false),
  /** smtp:// or smtps:// URL of the mail relay; empty writes each message as a .eml file. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default("Trade Counter <no-reply@tradecounter.local>"),
  /** Run the outbox worker in this process (turn off in a process that only serves reads). */
  MAIL_WORKER: booleanish.default(true),
  /** Attempts before a message counts as failed and shows on the dashboard. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First retry after this many seconds, doubling each time (capped at one hour). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** A form sent sooner than this after the page was served is treated as a bot's. */
  ENQUIRY_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
  ENQUIRY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(5),
  ENQUIRY_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Consent packs drawn at once in this process; more wait in a queue of CONSENT_PACK_QUEUE. */
  CONSENT_PACK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Consent packs waiting to be drawn; a request past them is answered 429 with Retry-After. */
  CONSENT_PACK_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** A consent pack still drawing after this many seconds is abandoned (nothing is kept). */
  CONSENT_PACK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Consent packs one IP address (IPv6: one /64) may download an hour without signing in. */
  CONSENT_PACK_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Days a kept consent pack stays in storage before the housekeeping sweep deletes it (unless an
   * e-mail not yet sent attaches it). A pack is only served again on its own New Zealand day.
   */
  CONSENT_PACK_KEEP_DAYS: z.coerce.number().int().min(2).max(3650).default(7),
  /**
   * The catalogue's search log is written at most this often: searches are counted in memory in
   * between, so a search never waits for a write.
   */
  SEARCH_LOG_FLUSH_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Days an audit event keeps the IP address and user agent it was recorded with. */
  AUDIT_IP_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  /** Days an audit event is kept. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  /**
   * Acknowledgements sent to one e-mail address a day (UTC); past it the enquiry is stored and
   * staff are told as usual, but the address gets no more mail from the form. 0: never.
   */
  ENQUIRY_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(3),
  /** Serve public pages to anonymous visitors from memory (production only; see ADR 009). */
  PAGE_CACHE: booleanish.default(true),
  /** Memory the page cache may hold, in megabytes; least recently used pages go first. */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(32),
  /** A safety net: a cached page is rendered again after this long even if nothing changed. */
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Keep what nearly every public page reads (contact details, brands, categories, the bargains)
   * in memory until content changes, with or without the page cache (production only; ADR 009).
   */
  CONTENT_MEMO: booleanish.default(true),
  /** An enquiry upload no enquiry refers to is deleted once it is this old (a crash's leftovers). */
  UPLOAD_ORPHAN_MIN_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(600),
  /** s3://bucket?endpoint=…&region=…&forcePathStyle=…&prefix=…: files in that bucket; empty: DATA_DIR/uploads. */
  STORAGE_URL: z
    .string()
    .transform((value, ctx): S3Location | undefined => {
      if (value === "") return undefined;
      const parsed = parseStorageUrl(value);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  /** After start, process stored images that have no variants yet (the demo seed's, older uploads). */
  IMAGE_BACKFILL: booleanish.default(true),
  /**
   * The catalogue import may fetch pictures from this machine and private networks (tests, a
   * supplier's server on the trader's own network); link-local and metadata addresses never.
   */
  IMPORT_FETCH_ALLOW_PRIVATE: booleanish.default(false),
  /** A session ends this long after sign-in, however active (ADR 010). */
  SESSION_LIFETIME_HOURS: z.coerce.number().min(0.05).max(2160).default(12),
  /** A session unused for this long is refused and deleted. */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().min(1).max(129_600).default(30),
  /** Failed sign-ins per e-mail address in 10 minutes, then 429 until the window ends. */
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed sign-ins per client IP address (IPv6: per /64) in 10 minutes, then 429. */
  SIGN_IN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/**
 * How many worker processes to run. The embedded database belongs to one process (its data
 * folder is locked), so more than one needs PostgreSQL: refused here with a message saying so.
 */
export function workerCount(env: Env = getEnv()) {
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new Error(
      `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} needs PostgreSQL (DATABASE_URL): ` +
        "the embedded database is one process per data folder",
    );
  }
  return env.WEB_CONCURRENCY;
}

/** The absolute base for links in e-mail: PUBLIC_URL, else this server on localhost; no trailing slash. */
export function publicBaseUrl() {
  const env = getEnv();
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
