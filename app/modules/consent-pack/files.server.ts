// A certificate's file as the consent pack needs it, read through the storage module (the disk or
// S3 alike): a stored PDF or picture is read as a stream into one buffer no larger than the
// largest certificate upload; a larger one, a missing one, or a file of another kind is not read
// at all. A certificate that is only a link elsewhere is drawn as a page with its address; one
// whose file staff keep from public download, as a page with its details and register.
import path from "node:path";
import { getStorage, parseStoredPath, StorageError } from "~/server/storage/storage.server";
import { CERTIFICATE_MAX_BYTES } from "../certifications/admin.server";
import type { CertificateFile } from "./draw.server";
import type { PackCertificate } from "./index";

const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg"]);

/** The stream's bytes, or null once they pass `maxBytes` (the stream is then let go). */
async function readBounded(stream: NodeJS.ReadableStream & { destroy(): void }, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

export async function readCertificateFile(
  certificate: Pick<PackCertificate, "fileUrl" | "allowDownload">,
  absolute: (url: string) => string,
  maxBytes = CERTIFICATE_MAX_BYTES,
): Promise<CertificateFile> {
  // A file staff keep from public download stays out of every pack: the pack goes to customers.
  if (!certificate.allowDownload) return { kind: "link", url: null };
  const stored = parseStoredPath(certificate.fileUrl);
  if (!stored) return { kind: "link", url: certificate.fileUrl ? absolute(certificate.fileUrl) : null };
  const extension = path.extname(stored.name).slice(1);
  const kind = extension === "pdf" ? "pdf" : IMAGE_EXTENSIONS.has(extension) ? "image" : null;
  if (!kind) return { kind: "link", url: absolute(`/files/${stored.bucket}/${stored.name}`) };
  try {
    const file = await getStorage().get(stored.bucket, stored.name);
    if (file.size > maxBytes) {
      file.stream.destroy();
      return { kind: "unreadable" };
    }
    const bytes = await readBounded(file.stream, maxBytes);
    if (!bytes) return { kind: "unreadable" };
    return kind === "pdf" ? { kind, bytes: new Uint8Array(bytes) } : { kind, bytes };
  } catch (error) {
    if (error instanceof StorageError) return { kind: "unreadable" };
    throw error;
  }
}
