// A sent quote's e-mail and its consent pack (Settings > Quotes, "Attach the consent pack to quotes
// sent to customers"), as the mail worker delivers it to a real SMTP server on loopback: off, the
// quote's PDF alone; on, the pack as a second PDF naming the quote's products, read from the
// consent_packs bucket on the disk and in an S3 bucket alike; a pack too large to e-mail, or one
// that cannot be made now (every turn taken), is the customer's link instead and the quote still
// goes. One pack draws at once here and none waits (set below), so a held drawing fills the gate.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.CONSENT_PACK_CONCURRENCY = "1";
  process.env.CONSENT_PACK_QUEUE = "0";
});

import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { getConsentPack } from "~/modules/consent-pack/build.server";
import { packGateState } from "~/modules/consent-pack/gate.server";
import { DEFAULT_QUOTE_SETTINGS } from "~/modules/quotes/settings";
import { action as quoteAction } from "~/routes/admin/quote";
import { loader as customerPackLoader } from "~/routes/resources/quote-consent-pack";
import {
  auditEvents,
  buildingInfoSheets,
  certificationProducts,
  certifications,
  mailOutbox,
  products,
} from "~/server/db/schema";
import { publicBaseUrl } from "~/server/env.server";
import { drainOutbox } from "~/server/mail/outbox.server";
import { getStorage, type Storage, setStorage } from "~/server/storage/storage.server";
import { readToast } from "~/server/toast.server";
import { cookieFor, settle } from "../support/admin-action";
import { routeContext } from "../support/app-handler";
import { onePagePdf } from "../support/consent-pack";
import { useTestDatabase } from "../support/database";
import { readPdf } from "../support/pdf";
import { draftQuoteFor, quoteStaff, sendAs, setQuoteSettings } from "../support/quotes";
import { startS3Server } from "../support/s3-server";
import { useSmtpServer } from "./mail-support";

const database = useTestDatabase();
const db = () => database.current.db;
const mail = useSmtpServer();

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const SLOW = 180_000;
const unique = () => crypto.randomBytes(4).toString("hex");

/**
 * A catalogue product with a building product information sheet, covered by certificates whose
 * files are `files` (a one-page PDF by default), stored in the storage in use.
 */
async function packableProduct(name: string, files?: { bytes: Buffer; extension: string }[]) {
  const [sheet] = await db()
    .insert(buildingInfoSheets)
    .values({ title: `${name} sheet`, classification: "not_designated" })
    .returning();
  const [product] = await db()
    .insert(products)
    .values({ name, sku: `SKU-${unique()}`, buildingInfoId: sheet?.id })
    .returning();
  if (!product) throw new Error("not stored");
  const certificateFiles = files ?? [{ bytes: await onePagePdf(`${name} certificate`), extension: "pdf" }];
  for (const [index, file] of certificateFiles.entries()) {
    const stored = await getStorage().put("certificates", `certificate.${file.extension}`, file.bytes);
    const number = `CM${unique()}${index}`;
    const [certificate] = await db()
      .insert(certifications)
      .values({
        title: `CodeMark ${number}`,
        fileUrl: getStorage().publicUrl("certificates", stored.name),
        fileType: file.extension.toUpperCase(),
        allowDownload: true,
        scheme: "codemark",
        certificateNumber: number,
        standing: "active",
      })
      .returning();
    if (!certificate) throw new Error("not stored");
    await db()
      .insert(certificationProducts)
      .values({ certificationId: certificate.id, productId: product.id });
  }
  return product;
}

/** A draft quote for Mere Parata with a line for each product (and a line of cartage). */
async function draftFor(productIds: string[]) {
  const staff = await quoteStaff();
  const { enquiry, draft } = await draftQuoteFor(db(), staff, {
    lines: [
      ...productIds.map((productId) => ({
        description: "Catalogue item",
        quantityMilli: "2",
        unitPriceCents: "120.00",
        productId,
      })),
      { description: "Cartage", quantityMilli: "1", unitPriceCents: "50.00" },
    ],
  });
  return { staff, enquiry, draft };
}

/** Sends everything the outbox holds, then answers the messages that reached `to`. */
async function deliveredTo(to: string) {
  while ((await drainOutbox({ transport: mail.transport })).claimed > 0) {}
  return mail.smtp.received.filter((message) => message.to.includes(to));
}

async function withSettings<T>(attachConsentPack: boolean, run: () => Promise<T>) {
  await setQuoteSettings({ ...DEFAULT_QUOTE_SETTINGS, attachConsentPack });
  try {
    return await run();
  } finally {
    await setQuoteSettings(DEFAULT_QUOTE_SETTINGS);
  }
}

/** The text of every page (pdfjs, not the code that wrote it). */
async function pdfPages(bytes: Buffer) {
  return (await readPdf(new Uint8Array(bytes))).pages;
}

async function sendSummary(quoteId: string) {
  const [event] = await db()
    .select({ summary: auditEvents.summary })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, quoteId), eq(auditEvents.action, "send")));
  return event?.summary ?? "";
}

const ATTACHED =
  "The consent pack for this quote (each product's building product information and certificates) is attached too.";
const LINKED =
  "The consent pack for this quote (each product's building product information and certificates) is not attached to this e-mail; download it here:";

test(
  "off, the quote's e-mail carries its PDF alone; on, a quote with nothing to pack says nothing of a pack either",
  async () => {
    const product = await packableProduct(`Setting Off Beam ${unique()}`);
    const off = await draftFor([product.id]);
    await sendAs(off.staff, off.draft.id);
    const [sentOff] = await deliveredTo(off.enquiry.email);
    expect(sentOff?.attachments.map((file) => file.filename)).toEqual([`Quote-${off.draft.number}.pdf`]);
    expect(sentOff?.text).not.toContain("consent pack");
    expect(await sendSummary(off.draft.id)).not.toContain("consent pack");

    await withSettings(true, async () => {
      // Only a line of cartage, and a catalogue product with neither a sheet nor a certificate.
      const [bare] = await db()
        .insert(products)
        .values({ name: `Bare Product ${unique()}`, sku: `BARE-${unique()}` })
        .returning();
      for (const ids of [[], [bare?.id ?? ""]]) {
        const quote = await draftFor(ids);
        await sendAs(quote.staff, quote.draft.id);
        const [sent] = await deliveredTo(quote.enquiry.email);
        expect(sent?.attachments.map((file) => file.filename)).toEqual([`Quote-${quote.draft.number}.pdf`]);
        expect(sent?.text).not.toContain("consent pack");
      }
    });
  },
  SLOW,
);

for (const where of ["disk", "s3"] as const) {
  test(
    `on, sent from the quote's screen: the e-mail carries the quote's PDF and its consent pack, naming its products (storage on the ${where})`,
    async () => {
      const disk = getStorage();
      if (where === "s3") setStorage(s3.storage({ prefix: `site-${unique()}/` }));
      try {
        await withSettings(true, async () => {
          const first = await packableProduct(`Attached Beam ${unique()}`);
          const second = await packableProduct(`Attached Joist ${unique()}`);
          const { enquiry, draft } = await draftFor([first.id, second.id]);
          const sent = await settle(async () =>
            quoteAction({
              request: new Request(`http://localhost/admin/quotes/${draft.id}`, {
                method: "POST",
                headers: { cookie: await cookieFor("admin", "pack-mail") },
                body: new URLSearchParams({ intent: "send-saved" }),
              }),
              params: { id: draft.id },
              context: {},
            } as never),
          );
          expect(sent.status).toBe(302);
          const { toast } = await readToast(
            new Request("http://localhost/", { headers: { cookie: sent.setCookie.split(";")[0] ?? "" } }),
          );
          expect(toast?.description).toBe(
            `${draft.number} is on its way to ${enquiry.email}, with the PDF and the consent pack attached.`,
          );

          const [message] = await deliveredTo(enquiry.email);
          expect(message?.text).toContain(`Your quote ${draft.number} is attached as a PDF.`);
          expect(message?.text).toContain(ATTACHED);
          expect(message?.attachments.map((file) => [file.filename, file.contentType])).toEqual([
            [`Quote-${draft.number}.pdf`, "application/pdf"],
            [
              expect.stringMatching(
                new RegExp(`^Technical-literature_Consent-pack_${draft.number}_\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
              ),
              "application/pdf",
            ],
          ]);
          const pages = await pdfPages(message?.attachments[1]?.content ?? Buffer.alloc(0));
          const text = pages.join("\n");
          for (const name of [first.name, second.name]) expect(text).toContain(name);
          expect(pages[0]).toContain("Mere Parata");
          expect(await sendSummary(draft.id)).toMatch(/^Sent quote TC-[0-9A-Z-]+: consent pack attached$/);
        });
      } finally {
        setStorage(disk);
      }
    },
    SLOW,
  );
}

test(
  "a pack too large to e-mail is the customer's link instead, which downloads it; the quote goes with its PDF",
  async () => {
    const sharp = (await import("sharp")).default;
    // Noise does not compress: about 9 MB as a JPEG, which the pack embeds as it is.
    const noise = await sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: "#888888",
        noise: { type: "gaussian", mean: 128, sigma: 80 },
      },
    })
      .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
      .toBuffer();
    const product = await packableProduct(`Heavy Panel ${unique()}`, [
      { bytes: noise, extension: "jpg" },
      { bytes: noise, extension: "jpg" },
    ]);
    await withSettings(true, async () => {
      const { staff, enquiry, draft } = await draftFor([product.id]);
      const { token } = await sendAs(staff, draft.id);
      const [message] = await deliveredTo(enquiry.email);
      expect(message?.attachments.map((file) => file.filename)).toEqual([`Quote-${draft.number}.pdf`]);
      expect(message?.text).toContain(`${LINKED}\n${publicBaseUrl()}/quote/${token}/consent-pack`);
      expect(message?.text).not.toContain(ATTACHED);
      expect(await sendSummary(draft.id)).toMatch(
        /: consent pack linked, not attached: \d+(\.\d)? MB, more than the 10 MB an e-mail carries$/,
      );

      const download = (await customerPackLoader({
        request: new Request(`http://localhost/quote/${token}/consent-pack`),
        params: { token },
        context: routeContext("198.51.100.90"),
      } as never)) as Response;
      expect(download.status).toBe(200);
      expect(download.headers.get("Content-Type")).toBe("application/pdf");
      expect(Number(download.headers.get("Content-Length"))).toBeGreaterThan(10 * 1024 * 1024);
      await download.body?.cancel();
    });
  },
  SLOW,
);

test(
  "a pack that cannot be made now (every turn taken) is the customer's link instead, and the quote is sent at once",
  async () => {
    const plain = getStorage();
    let release = () => {};
    const open = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const held = await packableProduct(`Held Product ${unique()}`);
    const product = await packableProduct(`Busy Beam ${unique()}`);
    // Another pack's drawing holds the one turn: its certificate read waits for `release`.
    setStorage({
      ...plain,
      async get(bucket, name, options) {
        if (bucket === "certificates") {
          started += 1;
          await open;
        }
        return plain.get(bucket, name, options);
      },
    } satisfies Storage);
    try {
      const holding = getConsentPack({
        productIds: [held.id],
        job: { name: "Holding the turn", siteAddress: "" },
        neededUntil: null,
        publishedOnly: false,
      });
      await vi.waitFor(() => expect(started).toBe(1), { timeout: 60_000 });
      expect(packGateState()).toEqual({ drawing: 1, waiting: 0 });

      await withSettings(true, async () => {
        const { staff, enquiry, draft } = await draftFor([product.id]);
        const { token } = await sendAs(staff, draft.id);
        const [queued] = await db().select().from(mailOutbox).where(eq(mailOutbox.enquiryId, enquiry.id));
        expect(queued?.attachments?.map((file) => file.filename)).toEqual([`Quote-${draft.number}.pdf`]);
        expect(queued?.textBody).toContain(`${LINKED}\n${publicBaseUrl()}/quote/${token}/consent-pack`);
        expect(await sendSummary(draft.id)).toMatch(
          /: consent pack linked, not attached: too many packs were being made$/,
        );
      });
      release();
      (await holding)?.body.destroy();
    } finally {
      release();
      setStorage(plain);
    }
  },
  SLOW,
);
