// The import's screens through their routes, as the browser posts them: the upload (a sheet kept
// in the private bucket, anything else refused unkept), the mapping and the dry run, the apply,
// the report download, and a mapping that gives one field two columns.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, test } from "vitest";
import { action as uploadAction } from "~/routes/admin/catalog/import";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/catalog/import-detail";
import { action as importsAction, loader as importsLoader } from "~/routes/admin/catalog/imports";
import { loader as reportLoader } from "~/routes/resources/catalog-import-report";
import { catalogImportProfiles, catalogImports, products } from "~/server/db/schema";
import { getStorage } from "~/server/storage/storage.server";
import { cookieFor, getLoader, postAction, settle } from "../support/admin-action";
import { useTestDatabase } from "../support/database";
import { csvOf, work } from "../support/imports";
import { buildZip } from "../support/zip";

const database = useTestDatabase();
const db = () => database.current.db;

beforeEach(async () => {
  await db().delete(catalogImports);
  await db().delete(products);
});

function sheetForm(content: string | Buffer, name: string, type = "text/csv") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set(
    "file",
    new File([typeof content === "string" ? content : new Uint8Array(content)], name, { type }),
  );
  return form;
}

async function atImport(
  id: string,
  run: (args: never) => unknown,
  init: RequestInit & { search?: string } = {},
) {
  const cookie = await cookieFor("admin");
  const request = new Request(`http://localhost/admin/catalog/imports/${id}${init.search ?? ""}`, {
    ...init,
    headers: { cookie },
  });
  return settle(() => run({ request, params: { id }, context: {} } as never));
}

function post(id: string, run: (args: never) => unknown, fields: Record<string, string>) {
  return atImport(id, run, { method: "POST", body: new URLSearchParams(fields) });
}

async function storedImports() {
  let count = 0;
  for await (const _file of getStorage().list("imports")) count++;
  return count;
}

test("a sheet uploaded, its columns matched, its dry run previewed, applied, and its report downloaded", async () => {
  const csv = csvOf(
    ["Code", "Product Name", "RRP", "Notes"],
    [
      ["TC-1", "Pine framing", "12.50", "kiln dried"],
      ["TC-2", "Kwila decking", "x", ""],
    ],
  );
  const uploaded = await postAction(uploadAction, "/admin/catalog/import", sheetForm(csv, "price list.csv"));
  expect(uploaded.status).toBe(302);
  const id = uploaded.location?.split("/").at(-1) as string;
  expect(await storedImports()).toBe(1);

  const mapping = (await atImport(id, detailLoader)).body as Awaited<ReturnType<typeof detailLoader>>;
  expect(mapping.import.status).toBe("mapping");
  expect(mapping.mapping?.columns.map((c) => c.field)).toEqual(["sku", "name", "price", null]);

  const planned = await post(id, detailAction, {
    intent: "plan",
    "fields[0]": "sku",
    "fields[1]": "name",
    "fields[2]": "price",
    mode: "create_update",
  });
  expect(planned.status).toBe(302);
  await work();
  const preview = (await atImport(id, detailLoader)).body as Awaited<ReturnType<typeof detailLoader>>;
  expect(preview.preview?.counts).toEqual({ create: 1, update: 0, unchanged: 0, refused: 1 });
  expect(preview.preview?.unmapped).toEqual(["Notes"]);
  expect(preview.preview?.refused).toEqual([
    {
      rowNumber: 3,
      problems: [{ column: "RRP", message: "Price must be an amount in dollars, such as 12.50." }],
    },
  ]);
  expect(await db().select().from(products)).toEqual([]);

  const report = await atImport(id, reportLoader);
  expect(report.status).toBe(200);
  const response = (await reportLoader({
    request: new Request(`http://localhost/admin/catalog/imports/${id}/report`, {
      headers: { cookie: await cookieFor("admin") },
    }),
    params: { id },
    context: {},
  } as never)) as Response;
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="price-list-report.csv"');
  const text = Buffer.from(await response.arrayBuffer()).toString("utf8");
  expect(text).toContain(
    '"TC-2","Kwila decking","x","","RRP: Price must be an amount in dollars, such as 12.50."',
  );

  expect((await post(id, detailAction, { intent: "apply" })).status).toBe(302);
  await work();
  const applied = (await atImport(id, detailLoader)).body as Awaited<ReturnType<typeof detailLoader>>;
  expect(applied.import).toMatchObject({ status: "applied", created: 1, canUndo: true });
  expect(await db().select({ sku: products.sku }).from(products)).toEqual([{ sku: "TC-1" }]);
  // Applied, the file is no longer kept.
  expect(await storedImports()).toBe(0);
});

test("a file that is not a sheet, an empty one, or none, is refused and nothing is kept", async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#7a9cc6" } })
    .png()
    .toBuffer();
  const picture = await postAction(
    uploadAction,
    "/admin/catalog/import",
    sheetForm(png, "photo.csv", "image/png"),
  );
  expect(picture.status).toBe(400);
  expect(JSON.stringify(picture.body)).toContain("This file is not a spreadsheet.");
  // A Word document, told by its bytes, is no sheet either.
  const word = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/deck-plans.docx"));
  expect(
    (await postAction(uploadAction, "/admin/catalog/import", sheetForm(word, "plans.docx"))).status,
  ).toBe(400);
  const empty = await postAction(uploadAction, "/admin/catalog/import", sheetForm(" \n\n", "empty.csv"));
  expect(empty.status).toBe(400);
  expect(JSON.stringify(empty.body)).toContain("This file is empty");
  const none = new FormData();
  none.set("intent", "upload");
  const missing = await postAction(uploadAction, "/admin/catalog/import", none);
  expect(missing.status).toBe(400);
  expect(JSON.stringify(missing.body)).toContain("Choose the CSV or Excel file to import.");
  expect(await db().select().from(catalogImports)).toEqual([]);
  expect(await storedImports()).toBe(0);
});

test("a mapping that gives one field two columns is refused, naming both", async () => {
  const csv = csvOf(["RRP", "Sell", "Name"], [["1", "2", "Bolt"]]);
  const uploaded = await postAction(uploadAction, "/admin/catalog/import", sheetForm(csv, "two-prices.csv"));
  const id = uploaded.location?.split("/").at(-1) as string;
  const refused = await post(id, detailAction, {
    intent: "plan",
    "fields[0]": "price",
    "fields[1]": "price",
    "fields[2]": "name",
    mode: "create_update",
  });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body)).toContain(
    'Price is chosen for two columns, \\"RRP\\" and \\"Sell\\": choose one.',
  );
  const [record] = await db().select().from(catalogImports).where(eq(catalogImports.id, id));
  expect(record?.status).toBe("mapping");
});

test("the upload takes a ZIP of pictures beside the sheet; a picture or a damaged archive in its place is refused and nothing is kept", async () => {
  const csv = "Stock code,Name,Price,Picture\nZ-1,Kwila decking,12.50,deck.jpg\n";
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#8a5a2b" } })
    .jpeg()
    .toBuffer();
  const work = fs.mkdtempSync(path.join(process.env.DATA_DIR as string, "zip-upload-"));
  const zip = fs.readFileSync(buildZip(path.join(work, "photos.zip"), [{ name: "deck.jpg", bytes: jpeg }]));
  const keptBefore = await storedImports();

  const withPicture = sheetForm(csv, "catalogue.csv");
  withPicture.set("pictures", new File([new Uint8Array(jpeg)], "photos.zip", { type: "application/zip" }));
  const picture = await postAction(uploadAction, "/admin/catalog/import", withPicture);
  expect(picture.status).toBe(400);
  expect(JSON.stringify(picture.body)).toContain(
    "The ZIP of pictures could not be read: it is not a ZIP archive, or it is damaged.",
  );
  const damaged = sheetForm(csv, "catalogue.csv");
  damaged.set("pictures", new File([new Uint8Array(zip.subarray(0, 40))], "photos.zip"));
  expect((await postAction(uploadAction, "/admin/catalog/import", damaged)).status).toBe(400);
  expect(await db().select().from(catalogImports)).toEqual([]);
  expect(await storedImports()).toBe(keptBefore);

  const form = sheetForm(csv, "catalogue.csv");
  form.set("pictures", new File([new Uint8Array(zip)], "photos.zip", { type: "application/zip" }));
  const uploaded = await postAction(uploadAction, "/admin/catalog/import", form);
  expect(uploaded.status).toBe(302);
  const [row] = await db().select().from(catalogImports);
  expect(row).toMatchObject({
    fileName: "catalogue.csv",
    picturesName: "photos.zip",
    picturesBytes: zip.length,
  });
  expect(row?.picturesPath).toMatch(/^imports\//);
  expect(await storedImports()).toBe(keptBefore + 2);
});

test("a saved column profile is listed with the imports and deleted there; deleting it again says it is gone", async () => {
  const [profile] = await db()
    .insert(catalogImportProfiles)
    .values({ name: "Supplier price file", columns: [{ header: "Code", field: "sku" }] })
    .returning();
  const id = profile?.id as string;
  const listed = await getLoader<{ profiles: { id: string; name: string }[] }>(
    importsLoader,
    "/admin/catalog/imports",
  );
  expect(listed.profiles).toEqual([{ id, name: "Supplier price file" }]);

  const deleted = await postAction(importsAction, "/admin/catalog/imports", {
    intent: "delete-profile",
    profileId: id,
  });
  expect(deleted.status).toBe(302);
  expect(await db().select().from(catalogImportProfiles)).toEqual([]);
  const again = await postAction(importsAction, "/admin/catalog/imports", {
    intent: "delete-profile",
    profileId: id,
  });
  expect(again.status).toBe(400);
  expect(JSON.stringify(again.body)).toContain("This profile no longer exists: someone deleted it.");
  // Sales may not.
  const [other] = await db()
    .insert(catalogImportProfiles)
    .values({ name: "ERP export", columns: [] })
    .returning();
  const refused = await postAction(
    importsAction,
    "/admin/catalog/imports",
    { intent: "delete-profile", profileId: other?.id as string },
    "sales",
  );
  expect(refused.status).toBe(403);
  expect(await db().select().from(catalogImportProfiles)).toHaveLength(1);
});
