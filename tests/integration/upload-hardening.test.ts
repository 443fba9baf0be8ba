// Uploads that cannot hurt: the size limit holds while the body streams (an 11 MB attachment is
// cut at 10 MB + 1 byte, refused, and never sits whole in memory); a file's type is its bytes
// (a renamed program, an SVG with a script, an HTML page named .png and PDF/HTML polyglots are
// refused everywhere a file is taken); a public image is stored without its metadata; an
// enquiry's attachment goes to staff only, as a download; public files carry a safe type.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "vitest";
import type { EnquiryActionData } from "~/modules/enquiries/schema";
import {
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_FILE_BYTES,
  PDF_WITH_SCRIPTS,
} from "~/modules/enquiries/schema";
import { action as certificationsAction } from "~/routes/admin/certifications";
import { loader as contactUploadLoader } from "~/routes/resources/contact-upload";
import { loader as publicFileLoader } from "~/routes/resources/public-file";
import { contactQueries } from "~/server/db/schema";
import { imageRule } from "~/server/http/image-upload.server";
import { quarantineRoot } from "~/server/http/quarantine.server";
import { issueFormToken } from "~/server/security/form-token.server";
import { getStorage, parseStoredPath } from "~/server/storage/storage.server";
import { cookieFor, errorOf, postAction, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { contactEnquiryAction, VALID_ENQUIRY } from "../support/enquiry";
import { keptUpload } from "../support/uploads";

const database = useTestDatabase();

const MB = 1024 * 1024;
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

let lastIp = 0;
function nextIp() {
  lastIp += 1;
  return `198.51.100.${lastIp}`;
}

function validFields() {
  // Served a minute ago, as a person would have filled it in.
  return { ...VALID_ENQUIRY, formToken: issueFormToken(new Date(Date.now() - 60_000)) };
}

async function sendEnquiry(request: Request) {
  const response = (await contactEnquiryAction(request, { clientIp: nextIp() })) as unknown as {
    data: EnquiryActionData;
    init: ResponseInit | null;
  };
  return { status: response.init?.status ?? 200, errors: response.data.result.error ?? {} };
}

function enquiryWithFile(file: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(validFields())) form.append(name, value);
  form.append("file", file);
  return new Request("http://localhost/contact", { method: "POST", body: form });
}

function filesIn(bucket: string) {
  const dir = path.join(database.current.storageRoot, bucket);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function enquiryRows() {
  return database.current.db.select().from(contactQueries);
}

async function clearEnquiries() {
  await database.current.db.delete(contactQueries);
  fs.rmSync(path.join(database.current.storageRoot, "contact_uploads"), { recursive: true, force: true });
}

/** The bytes in the quarantine now, in every request's folder. */
function quarantinedBytes() {
  const root = quarantineRoot();
  if (!fs.existsSync(root)) return 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0;
  }
  return bytes;
}

/**
 * A multipart enquiry whose body is made as it is read, 64 KB at a time: the text fields, then a
 * PDF of `fileBytes` bytes. `produced()` says how much of it has been read so far.
 */
function streamedEnquiry(fileBytes: number, onPull: () => void = () => {}) {
  const boundary = "----tc-upload-hardening";
  const fields = Object.entries(validFields())
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plans.pdf"\r\n` +
      "Content-Type: application/pdf\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const CHUNK = 64 * 1024;
  let produced = 0;
  let sent = 0;
  let stage: "head" | "file" | "tail" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull();
      let chunk: Buffer;
      if (stage === "head") {
        chunk = head;
        stage = "file";
      } else if (stage === "file") {
        const size = Math.min(CHUNK, fileBytes - sent);
        chunk = Buffer.alloc(size, 0x20);
        if (sent === 0) PDF.copy(chunk);
        sent += size;
        if (sent === fileBytes) stage = "tail";
      } else if (stage === "tail") {
        chunk = tail;
        stage = "done";
      } else {
        controller.close();
        return;
      }
      produced += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  const request = new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return { request, headBytes: head.length, produced: () => produced };
}

test("an 11 MB attachment is cut at 10 MB + 1 byte while it streams into quarantine, refused with the spec's message, and nothing is kept", async () => {
  await clearEnquiries();
  // How far the body had been read beyond what the quarantine holds, each time a chunk is asked
  // for, up to the cut (past it the reader drops the rest of the file as it arrives).
  let widestGap = 0;
  let mostHeld = 0;
  const upload = streamedEnquiry(11 * MB, () => {
    const held = quarantinedBytes();
    mostHeld = Math.max(mostHeld, held);
    const read = upload.produced() - upload.headBytes;
    if (read <= MAX_FILE_BYTES) widestGap = Math.max(widestGap, read - held);
  });
  const { status, errors } = await sendEnquiry(upload.request);
  expect(status).toBe(413);
  expect(errors.file).toEqual([FILE_TOO_LARGE]);
  // Never more than the limit and the byte that tells it was passed.
  expect(mostHeld).toBeLessThanOrEqual(MAX_FILE_BYTES + 1);
  expect(mostHeld).toBeGreaterThan(MAX_FILE_BYTES - MB);
  // Never more than a few stream buffers ahead of the disk: the body was not gathered first.
  expect(widestGap).toBeLessThan(MB / 2);
  expect(await enquiryRows()).toHaveLength(0);
  expect(filesIn("contact_uploads")).toEqual([]);
  expect(quarantinedBytes()).toBe(0);
});

test("an attachment of exactly 10 MB streams through and is stored whole", async () => {
  await clearEnquiries();
  const upload = streamedEnquiry(MAX_FILE_BYTES);
  const { status } = await sendEnquiry(upload.request);
  expect(status).toBe(200);
  const [row] = await enquiryRows();
  const stored = parseStoredPath(row?.fileUrl);
  expect(stored).not.toBeNull();
  const file = path.join(database.current.storageRoot, stored!.bucket, stored!.name);
  expect(fs.statSync(file).size).toBe(MAX_FILE_BYTES);
  await clearEnquiries();
});

/** Files that must never be taken, whatever they are named or declared as. */
const HOSTILE: Array<{ label: string; name: string; type: string; bytes: Buffer }> = [
  {
    label: "a Windows program renamed .pdf",
    name: "quote.pdf",
    type: "application/pdf",
    bytes: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(600, 0x90)]),
  },
  {
    label: "a Linux program renamed .png",
    name: "photo.png",
    type: "image/png",
    bytes: Buffer.concat([Buffer.from("\x7fELF\x02\x01\x01", "latin1"), Buffer.alloc(600)]),
  },
  {
    label: "an SVG with a script",
    name: "logo.png",
    type: "image/png",
    bytes: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
    ),
  },
  {
    label: "an HTML page named .png",
    name: "site.png",
    type: "image/png",
    bytes: Buffer.from("<!doctype html><html><body><script>fetch('/admin')</script></body></html>"),
  },
  {
    label: "a PDF carrying a page (PDF/HTML polyglot)",
    name: "plans.pdf",
    type: "application/pdf",
    bytes: Buffer.concat([
      Buffer.from("%PDF-1.4\n%<html><body><script>alert(document.domain)</script></body></html>\n"),
      PDF,
    ]),
  },
  {
    label: "an HTML page with a PDF header in its first kilobyte",
    name: "plans.pdf",
    type: "application/pdf",
    bytes: Buffer.concat([Buffer.from("<html><script>alert(1)</script>\n"), PDF]),
  },
  {
    label: "a JPEG whose comment holds a script",
    name: "site.jpg",
    type: "image/jpeg",
    bytes: Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x30]),
      Buffer.from("<script>alert(document.cookie)</script>......"),
      Buffer.from([0xff, 0xd9]),
    ]),
  },
];

test("an enquiry attachment's type is its bytes: hostile files are 'Invalid file type', no row, no file", async () => {
  await clearEnquiries();
  for (const file of HOSTILE) {
    const { status, errors } = await sendEnquiry(
      enquiryWithFile(new File([new Uint8Array(file.bytes)], file.name, { type: file.type })),
    );
    expect(status, file.label).toBe(400);
    expect(errors.file, file.label).toEqual([INVALID_FILE_TYPE]);
  }
  expect(await enquiryRows()).toHaveLength(0);
  expect(filesIn("contact_uploads")).toEqual([]);
});

/** A PDF whose first 100 KB are harmless, then `late`: past the 64 KB the type is told from. */
function pdfWithLate(late: string) {
  return Buffer.concat([
    PDF.subarray(0, PDF.indexOf("trailer")),
    Buffer.from(`2 0 obj\n<< /Length 102400 >>\nstream\n`),
    Buffer.alloc(100 * 1024, 0x41),
    Buffer.from(`\nendstream\nendobj\n${late}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`),
  ]);
}

test("markup past the first 64 KB still makes a polyglot: refused, no row, no file", async () => {
  await clearEnquiries();
  const polyglot = pdfWithLate("<html><script>alert(document.cookie)</script></html>");
  const { status, errors } = await sendEnquiry(
    enquiryWithFile(new File([polyglot], "plans.pdf", { type: "application/pdf" })),
  );
  expect(status).toBe(400);
  expect(errors.file).toEqual([INVALID_FILE_TYPE]);
  expect(await enquiryRows()).toHaveLength(0);
  expect(filesIn("contact_uploads")).toEqual([]);
});

test("a PDF with JavaScript or automatic actions is refused with its own message, wherever they sit", async () => {
  await clearEnquiries();
  const scripted = [
    "3 0 obj\n<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>\nendobj",
    "3 0 obj\n<< /OpenAction << /S /JavaScript /JS 4 0 R >> >>\nendobj",
    "3 0 obj\n<< /Type /Page /AA << /O 4 0 R >> >>\nendobj",
    "3 0 obj\n<< /S /Launch /F (calc.exe) >>\nendobj",
    // PDF names may spell letters as #xx: /J#61vaScript is /JavaScript to a reader.
    "3 0 obj\n<< /S /J#61vaScript /J#53 (app.alert(1)) >>\nendobj",
  ];
  for (const late of scripted) {
    const { status, errors } = await sendEnquiry(
      enquiryWithFile(new File([pdfWithLate(late)], "plans.pdf", { type: "application/pdf" })),
    );
    expect(status, late).toBe(400);
    expect(errors.file, late).toEqual([PDF_WITH_SCRIPTS]);
  }
  const certificate = new FormData();
  certificate.append("intent", "upload");
  certificate.append("kind", "file");
  certificate.append(
    "file",
    new File([pdfWithLate(scripted[0] as string)], "c.pdf", { type: "application/pdf" }),
  );
  const upload = await postAction(certificationsAction, "/admin/certifications", certificate);
  expect(upload.status).toBe(400);
  expect(errorOf(upload)?.description).toContain("JavaScript");
  expect(await enquiryRows()).toHaveLength(0);
  expect(filesIn("contact_uploads")).toEqual([]);
  expect(filesIn("certificates")).toEqual([]);

  // The same words inside a stream (page text, an image) are no action, and a plain /OpenAction
  // (open at page 1) is none either: such a PDF is taken.
  const harmless = pdfWithLate("3 0 obj\n<< /OpenAction [1 0 R /Fit] >>\nendobj").toString("latin1");
  const withText = Buffer.from(harmless.replace("AAAAAAAA", "/JS /AA ("), "latin1");
  const taken = await sendEnquiry(
    enquiryWithFile(new File([withText], "plans.pdf", { type: "application/pdf" })),
  );
  expect(taken.status).toBe(200);
  expect(filesIn("contact_uploads")).toHaveLength(1);
});

test("the back office's image and certificate uploads refuse the same files and keep none of them", async () => {
  for (const file of HOSTILE) {
    const image = new FormData();
    image.append("imageFile", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const form = await keptUpload(
      new Request("http://localhost/admin/catalog", { method: "POST", body: image }),
      imageRule(),
    );
    expect(form, file.label).toMatchObject({ ok: false, problem: { kind: "file", problem: "wrong_type" } });

    const certificate = new FormData();
    certificate.append("intent", "upload");
    certificate.append("kind", "file");
    certificate.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const upload = await postAction(certificationsAction, "/admin/certifications", certificate);
    expect(upload.status, file.label).toBe(400);
  }
  expect(filesIn("media")).toEqual([]);
  expect(filesIn("certificates")).toEqual([]);
});

/** A 600x400 photo taken sideways (EXIF orientation 6) with the camera and the place in its EXIF. */
function cameraPhoto() {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: "#7a9cc6" } })
    .composite([
      {
        input: { create: { width: 200, height: 100, channels: 3, background: "#c2410c" } },
        left: 0,
        top: 0,
      },
    ])
    .withExif({
      IFD0: { Make: "Test Camera", Model: "T1", Software: "SecretEditor" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "36/1 50/1 3000/100", GPSLongitudeRef: "E" },
    })
    .withMetadata({ orientation: 6 });
}

async function expectClean(file: string, format: string, size: [number, number]) {
  const bytes = fs.readFileSync(file);
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe(format);
  expect([meta.width, meta.height]).toEqual(size);
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  for (const text of ["Test Camera", "SecretEditor"]) expect(bytes.includes(text)).toBe(false);
}

test("a public image's stored original is encoded again: full size, upright, its own format, no EXIF or GPS", async () => {
  const uploads: Array<[Buffer, string, string]> = [
    [await cameraPhoto().jpeg({ quality: 90 }).toBuffer(), "site.jpg", "jpeg"],
    [await cameraPhoto().png().toBuffer(), "site.png", "png"],
    [await cameraPhoto().webp().toBuffer(), "site.webp", "webp"],
  ];
  for (const [bytes, name, format] of uploads) {
    expect((await sharp(bytes).metadata()).exif, name).toBeDefined();
    const body = new FormData();
    body.append("imageFile", new File([new Uint8Array(bytes)], name));
    const form = await keptUpload(
      new Request("http://localhost/admin/catalog", { method: "POST", body }),
      imageRule(),
    );
    if (!form.ok) throw new Error(`${name} was refused`);
    const stored = parseStoredPath(form.url)!;
    expect(stored.name.endsWith(`.${name.split(".")[1]}`)).toBe(true);
    // Turned upright: the sideways 600x400 shot is a 400x600 portrait.
    await expectClean(
      path.join(database.current.storageRoot, stored.bucket, stored.name),
      format,
      [400, 600],
    );
  }
  // The file as sent is not left behind under another name: every file in the bucket is clean.
  for (const name of filesIn("media")) {
    const bytes = fs.readFileSync(path.join(database.current.storageRoot, "media", name));
    expect(bytes.includes("Test Camera"), name).toBe(false);
  }
});

test("a certificate image is stored clean as well, and an animated GIF keeps its frames", async () => {
  const certificate = new FormData();
  certificate.append("intent", "upload");
  certificate.append("kind", "image");
  certificate.append(
    "file",
    new File([new Uint8Array(await cameraPhoto().jpeg().toBuffer())], "certificate.jpg", {
      type: "image/jpeg",
    }),
  );
  const upload = await postAction(certificationsAction, "/admin/certifications", certificate);
  const answer = upload.body as { upload?: { url: string } };
  if (upload.status !== 200 || !answer.upload) throw new Error(errorOf(upload)?.description);
  const stored = parseStoredPath(answer.upload.url)!;
  await expectClean(path.join(database.current.storageRoot, stored.bucket, stored.name), "jpeg", [400, 600]);

  const frame = (colour: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
    .gif()
    .toBuffer();
  expect((await sharp(gif).metadata()).pages).toBe(2);
  const body = new FormData();
  body.append("imageFile", new File([new Uint8Array(gif)], "spinner.gif"));
  const form = await keptUpload(
    new Request("http://localhost/admin/catalog", { method: "POST", body }),
    imageRule(),
  );
  if (!form.ok) throw new Error("the GIF was refused");
  const gifFile = parseStoredPath(form.url)!;
  const meta = await sharp(path.join(database.current.storageRoot, gifFile.bucket, gifFile.name)).metadata();
  expect(meta).toMatchObject({ format: "gif", pages: 2, width: 40 });
});

async function readBody(response: Response) {
  return Buffer.from(await response.arrayBuffer());
}

test("an enquiry's attachment is served to admins only, as a download the browser may not sniff", async () => {
  await clearEnquiries();
  const { status } = await sendEnquiry(
    enquiryWithFile(new File([PDF], "plans.pdf", { type: "application/pdf" })),
  );
  expect(status).toBe(200);
  const [row] = await enquiryRows();
  const name = parseStoredPath(row?.fileUrl)!.name;
  const url = `http://localhost/admin/files/contact_uploads/${name}`;
  const get = (cookie?: string) =>
    settle(() =>
      contactUploadLoader({
        request: new Request(url, { headers: cookie ? { cookie } : {} }),
        params: { name },
        context: {},
      } as never),
    );

  {
    const response = (await contactUploadLoader({
      request: new Request(url, { headers: { cookie: await cookieFor("admin", "uploads") } }),
      params: { name },
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect((await readBody(response)).equals(PDF)).toBe(true);
  }
  // Anonymous visitors are sent to sign in, a customer to their account, and sales (who have no
  // Contact Management) to the dashboard: none of them gets the file.
  expect(await get()).toMatchObject({ status: 302, location: expect.stringMatching(/^\/auth\?/) });
  expect(await get(await cookieFor("user", "uploads"))).toMatchObject({ status: 302, location: "/account" });
  expect(await get(await cookieFor("sales", "uploads"))).toMatchObject({ status: 302, location: "/admin" });
  // The route takes names the storage made, in its own bucket only.
  const staff = await cookieFor("admin", "uploads");
  for (const bad of ["../../db.lock", "../media/x.jpg", "notes.html", `${name}.part`]) {
    const outcome = await settle(() =>
      contactUploadLoader({
        request: new Request(url, { headers: { cookie: staff } }),
        params: { name: bad },
        context: {},
      } as never),
    );
    expect(outcome.status, bad).toBe(404);
  }
});

test("public files carry nosniff, a sandboxing policy and a safe type; anything not an image or a PDF is a download", async () => {
  const storage = getStorage();
  const jpeg = await storage.put(
    "media",
    "photo.jpg",
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer(),
  );
  // Stored before uploads were checked by their bytes, say: served as bytes, never as markup.
  const svg = await storage.put(
    "media",
    "old.svg",
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  );
  const html = await storage.put("certificates", "page.html", Buffer.from("<script>alert(1)</script>"));
  const serve = async (bucket: string, name: string) =>
    (await publicFileLoader({
      request: new Request(`http://localhost/files/${bucket}/${name}`),
      params: { bucket, name },
      context: {},
    } as never)) as Response;

  const image = await serve("media", jpeg.name);
  expect(image.headers.get("content-type")).toBe("image/jpeg");
  expect(image.headers.get("content-disposition")).toBeNull();
  for (const [bucket, name] of [
    ["media", svg.name],
    ["certificates", html.name],
  ] as const) {
    const response = await serve(bucket, name);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
  }
  for (const response of [image, await serve("media", svg.name)]) {
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
  }
  // The private bucket is not public, whatever the name.
  const privateFile = await storage.put("contact_uploads", "plans.pdf", PDF);
  expect((await settle(() => serve("contact_uploads", privateFile.name))).status).toBe(404);
});
