// STORAGE_URL: where files live when not on the local disk. One S3-compatible bucket, the app's
// buckets being key prefixes in it (ADR 021):
//
//   s3://<bucket>?endpoint=https://s3.example.com&region=auto&forcePathStyle=true&prefix=tradecounter/
//
// endpoint: unset for AWS itself; region: default us-east-1 ("auto" for Cloudflare R2);
// forcePathStyle: true for servers without virtual-host addressing (MinIO, most self-hosted);
// prefix: put before every key, so one bucket can hold several sites. Credentials are never in
// the URL: the AWS SDK reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or its other sources).

export type S3Location = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** "" or ends with "/". */
  prefix: string;
};

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^(?:(?!\.{1,2}\/)[A-Za-z0-9._-]+\/)*$/;
const OPTIONS = new Set(["endpoint", "region", "forcePathStyle", "prefix"]);

/** The location STORAGE_URL names, or a message saying what is wrong with it. */
export function parseStorageUrl(value: string): S3Location | { error: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: "must be a URL like s3://my-bucket?region=…" };
  }
  if (url.protocol !== "s3:") return { error: "must start with s3://" };
  if (url.username || url.password) {
    return { error: "must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY" };
  }
  if (url.pathname && url.pathname !== "/")
    return { error: "takes the key prefix as ?prefix=, not as a path" };
  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket)) return { error: `"${bucket}" is not a valid bucket name` };
  for (const key of url.searchParams.keys()) {
    if (!OPTIONS.has(key))
      return { error: `unknown option "${key}" (endpoint, region, forcePathStyle, prefix)` };
  }
  const endpoint = url.searchParams.get("endpoint") || undefined;
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    return { error: "endpoint must be an http:// or https:// origin, like https://s3.example.com" };
  }
  const forcePathStyle = url.searchParams.get("forcePathStyle") ?? "false";
  if (forcePathStyle !== "true" && forcePathStyle !== "false")
    return { error: "forcePathStyle must be true or false" };
  let prefix = url.searchParams.get("prefix") ?? "";
  if (prefix && !prefix.endsWith("/")) prefix += "/";
  if (!PREFIX.test(prefix)) return { error: "prefix must be folder names of letters, digits, . _ - and /" };
  return {
    bucket,
    endpoint: endpoint?.replace(/\/$/, ""),
    region: url.searchParams.get("region") || "us-east-1",
    forcePathStyle: forcePathStyle === "true",
    prefix,
  };
}

/** The location for logs and messages: no secret is ever in it. */
export function describeS3Location(location: S3Location) {
  return `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ""}`;
}
