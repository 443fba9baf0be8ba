// Building product information sheets in the back office (Building Info): the paged list, one
// sheet with its superseded versions and the products that use it, and the stored fields of a
// sheet from its form (commands.server.ts writes them). The publish gate reads from here too:
// whether a sheet holds back the products that use it.
//
//   await publishRefusalOfSheet(sheetId)         // null, or the message refusing to publish
//   await countProductsMissingBuildingInfo()     // the dashboard's figure
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { CodeClause, EvidenceDocument, ProductIdentifier } from "~/lib/building-info";
import { PAGE_SIZE, type Paged, readPage } from "~/lib/list-params";
import type { DbOrTx } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { ilikeAny } from "~/server/db/like";
import { buildingInfoSheets, buildingInfoVersions, products } from "~/server/db/schema";
import { type Completeness, completenessOf, publishRefusal, type SheetForRules } from "./completeness";
import type { SheetInput } from "./sheet.schema";

export type SheetRow = typeof buildingInfoSheets.$inferSelect;

/** The parts of a stored sheet the completeness rules read. */
export function sheetForRules(row: SheetRow): SheetForRules {
  return {
    classification: row.classification,
    exemptReason: row.exemptReason,
    responsibility: row.responsibility,
    sourceUrl: row.sourceUrl,
    description: row.description,
    intendedUse: row.intendedUse,
    identifiers: row.identifiers ?? [],
    responsibleParty: row.responsibleParty ?? null,
    manufacturer: row.manufacturer ?? null,
    codeClauses: row.codeClauses ?? [],
    scopeOfUse: row.scopeOfUse,
    designRequirements: row.designRequirements,
    installationRequirements: row.installationRequirements,
    maintenanceRequirements: row.maintenanceRequirements,
    requirementsDocumentUrl: row.requirementsDocumentUrl,
    evidence: row.evidence ?? [],
    reviewedOn: row.reviewedOn,
  };
}

export type SheetListRow = Pick<
  SheetRow,
  "id" | "title" | "classification" | "responsibility" | "version" | "reviewedOn"
> & { productCount: number; completeness: Completeness["state"] };

/** Title order, 10 a page; q is a case-insensitive contains on the title. */
export async function listSheets({ page, q }: { page: number; q: string }): Promise<Paged<SheetListRow>> {
  const where = ilikeAny([buildingInfoSheets.title], q);
  const db = getDb();
  const paged = await readPage(
    page,
    () => db.select({ n: count() }).from(buildingInfoSheets).where(where),
    (offset) =>
      db
        .select()
        .from(buildingInfoSheets)
        .where(where)
        .orderBy(asc(buildingInfoSheets.title), asc(buildingInfoSheets.id))
        .limit(PAGE_SIZE)
        .offset(offset),
  );
  const counts = await productCounts(paged.rows.map((row) => row.id));
  return {
    ...paged,
    rows: paged.rows.map((row) => ({
      id: row.id,
      title: row.title,
      classification: row.classification,
      responsibility: row.responsibility,
      version: row.version,
      reviewedOn: row.reviewedOn,
      productCount: counts.get(row.id) ?? 0,
      completeness: completenessOf(sheetForRules(row)).state,
    })),
  };
}

async function productCounts(sheetIds: string[]) {
  if (sheetIds.length === 0) return new Map<string, number>();
  const rows = await getDb()
    .select({ id: products.buildingInfoId, n: count() })
    .from(products)
    .where(inArray(products.buildingInfoId, sheetIds))
    .groupBy(products.buildingInfoId);
  return new Map(rows.map((row) => [row.id ?? "", Number(row.n)]));
}

export type SheetVersion = {
  version: number;
  content: Record<string, unknown>;
  supersededAt: Date;
  supersededBy: string | null;
};

/** One sheet, its superseded versions (newest first) and the products that use it; null when gone. */
export async function getSheet(id: string) {
  const db = getDb();
  const [sheet] = await db.select().from(buildingInfoSheets).where(eq(buildingInfoSheets.id, id));
  if (!sheet) return null;
  const [versions, linked] = await Promise.all([
    db
      .select({
        version: buildingInfoVersions.version,
        content: buildingInfoVersions.content,
        supersededAt: buildingInfoVersions.supersededAt,
        supersededBy: buildingInfoVersions.supersededBy,
      })
      .from(buildingInfoVersions)
      .where(eq(buildingInfoVersions.sheetId, id))
      .orderBy(desc(buildingInfoVersions.version)),
    db
      .select({ id: products.id, name: products.name, isPublished: products.isPublished })
      .from(products)
      .where(eq(products.buildingInfoId, id))
      .orderBy(asc(products.name)),
  ]);
  return {
    sheet,
    completeness: completenessOf(sheetForRules(sheet)),
    versions: versions satisfies SheetVersion[],
    products: linked,
  };
}

/** Every sheet by title, with its completeness, for the product form's pick-list. */
export async function listSheetOptions() {
  const rows = await getDb().select().from(buildingInfoSheets).orderBy(asc(buildingInfoSheets.title));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    completeness: completenessOf(sheetForRules(row)).state,
  }));
}

const blank = (values: (string | null)[]) => values.every((value) => value === null);

/** The stored fields of a sheet from its form. */
export function sheetRowOf(input: SheetInput) {
  const party = [
    input.partyLegalName,
    input.partyTradingNames,
    input.partyNzbn,
    input.partyAddress,
    input.partyPhone,
    input.partyEmail,
    input.partyWebsite,
  ];
  const maker = [
    input.manufacturerName,
    input.manufacturerAddress,
    input.manufacturerCountry,
    input.manufacturerWebsite,
  ];
  return {
    title: input.title,
    classification: input.classification,
    exemptReason: input.exemptReason,
    responsibility: input.responsibility,
    sourceUrl: input.sourceUrl,
    description: input.description,
    intendedUse: input.intendedUse,
    identifiers: input.identifiers satisfies ProductIdentifier[],
    responsibleParty: blank(party)
      ? null
      : {
          legalName: input.partyLegalName ?? "",
          tradingNames: (input.partyTradingNames ?? "")
            .split("\n")
            .map((name) => name.trim())
            .filter(Boolean),
          nzbn: input.partyNzbn ?? "",
          address: input.partyAddress ?? "",
          phone: input.partyPhone ?? "",
          email: input.partyEmail ?? "",
          website: input.partyWebsite ?? "",
        },
    manufacturer: blank(maker)
      ? null
      : {
          name: input.manufacturerName ?? "",
          address: input.manufacturerAddress ?? "",
          country: input.manufacturerCountry ?? "",
          website: input.manufacturerWebsite ?? "",
        },
    codeClauses: input.codeClauses satisfies CodeClause[],
    scopeOfUse: input.scopeOfUse,
    designRequirements: input.designRequirements,
    installationRequirements: input.installationRequirements,
    maintenanceRequirements: input.maintenanceRequirements,
    requirementsDocumentUrl: input.requirementsDocumentUrl,
    warnings: input.warnings,
    evidence: input.evidence satisfies EvidenceDocument[],
    reviewedOn: input.reviewedOn,
  };
}

/** Whether a sheet exists, and why a product using it may not be published (null when it may). */
export async function publishRefusalOfSheet(sheetId: string, db: DbOrTx = getDb()) {
  const [row] = await db.select().from(buildingInfoSheets).where(eq(buildingInfoSheets.id, sheetId));
  if (!row) return { exists: false as const, refusal: null };
  return { exists: true as const, refusal: publishRefusal(sheetForRules(row)) };
}

/**
 * Each sheet's title and why a product using it may not be published (null when it may), by id:
 * every sheet, or those of `ids` that exist.
 */
export async function publishRefusalsOfSheets(ids?: readonly string[]) {
  if (ids?.length === 0) return new Map<string, { title: string; refusal: string | null }>();
  const rows = await getDb()
    .select()
    .from(buildingInfoSheets)
    .where(ids ? inArray(buildingInfoSheets.id, [...ids]) : undefined);
  return new Map(
    rows.map((row) => [row.id, { title: row.title, refusal: publishRefusal(sheetForRules(row)) }]),
  );
}

/** The ids of the sheets that hold back the products using them (publishRefusal not null). */
export async function blockingSheetIds(): Promise<string[]> {
  const rows = await getDb().select().from(buildingInfoSheets);
  return rows.filter((row) => publishRefusal(sheetForRules(row)) !== null).map((row) => row.id);
}

/**
 * Products missing building information: published, and with no sheet, or with a designated
 * sheet that is incomplete and links to no published information.
 */
export async function missingBuildingInfoCondition(): Promise<SQL> {
  const blocking = await blockingSheetIds();
  const noSheet = isNull(products.buildingInfoId);
  const held = blocking.length > 0 ? or(noSheet, inArray(products.buildingInfoId, blocking)) : noSheet;
  return and(eq(products.isPublished, true), held) as SQL;
}

export async function countProductsMissingBuildingInfo() {
  const [row] = await getDb()
    .select({ n: count() })
    .from(products)
    .where(await missingBuildingInfoCondition());
  return Number(row?.n ?? 0);
}

/** The completeness of each of these sheets, by id (for the catalogue's badges). */
export async function completenessOfSheets(sheetIds: readonly string[]) {
  const ids = [...new Set(sheetIds)];
  if (ids.length === 0) return new Map<string, Completeness>();
  const rows = await getDb().select().from(buildingInfoSheets).where(inArray(buildingInfoSheets.id, ids));
  return new Map(rows.map((row) => [row.id, completenessOf(sheetForRules(row))]));
}

/** The editor's starting values: the stored sheet as the form's fields (text, empty for none). */
export function sheetFormValuesOf(row: SheetRow) {
  const party = row.responsibleParty;
  const maker = row.manufacturer;
  return {
    title: row.title,
    classification: row.classification,
    exemptReason: row.exemptReason ?? "",
    responsibility: row.responsibility,
    sourceUrl: row.sourceUrl ?? "",
    description: row.description ?? "",
    intendedUse: row.intendedUse ?? "",
    identifiers: (row.identifiers ?? []).map((item) => ({ kind: item.kind, value: item.value })),
    partyLegalName: party?.legalName ?? "",
    partyTradingNames: (party?.tradingNames ?? []).join("\n"),
    partyNzbn: party?.nzbn ?? "",
    partyAddress: party?.address ?? "",
    partyPhone: party?.phone ?? "",
    partyEmail: party?.email ?? "",
    partyWebsite: party?.website ?? "",
    manufacturerName: maker?.name ?? "",
    manufacturerAddress: maker?.address ?? "",
    manufacturerCountry: maker?.country ?? "",
    manufacturerWebsite: maker?.website ?? "",
    codeClauses: (row.codeClauses ?? []).map((c) => ({
      clause: c.clause,
      contribution: c.contribution,
      limitations: c.limitations,
      pathway: c.pathway,
    })),
    scopeOfUse: row.scopeOfUse ?? "",
    designRequirements: row.designRequirements ?? "",
    installationRequirements: row.installationRequirements ?? "",
    maintenanceRequirements: row.maintenanceRequirements ?? "",
    requirementsDocumentUrl: row.requirementsDocumentUrl ?? "",
    warnings: row.warnings ?? "",
    evidence: (row.evidence ?? []).map((e) => ({ title: e.title, url: e.url })),
    reviewedOn: row.reviewedOn ?? "",
  };
}

export type SheetFormValues = ReturnType<typeof sheetFormValuesOf>;
