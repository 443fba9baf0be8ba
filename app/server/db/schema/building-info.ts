// Building product information sheets and their superseded versions.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  CodeClause,
  EvidenceDocument,
  OverseasManufacturer,
  ProductIdentifier,
  ResponsibleParty,
} from "~/lib/building-info";
import {
  BUILDING_INFO_RESPONSIBILITIES,
  BUILDING_PRODUCT_CLASSES,
  type BuildingInfoResponsibility,
  type BuildingProductClass,
} from "~/lib/vocabulary";
import { createdAt, inList, updatedAt } from "./columns";

/**
 * A building product information sheet (Building Product Information Requirements Regulations
 * 2022). One sheet may serve a product line: products point at it (products.building_info_id).
 * Each save keeps the previous version in building_info_versions.
 */
export const buildingInfoSheets = pgTable(
  "building_info_sheets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    classification: text("classification").$type<BuildingProductClass>().notNull().default("not_designated"),
    exemptReason: text("exempt_reason"),
    responsibility: text("responsibility")
      .$type<BuildingInfoResponsibility>()
      .notNull()
      .default("manufacturer"),
    /** Where a reseller's linked information is published (the manufacturer's page). */
    sourceUrl: text("source_url"),
    description: text("description"),
    intendedUse: text("intended_use"),
    identifiers: jsonb("identifiers").$type<ProductIdentifier[]>().notNull().default([]),
    responsibleParty: jsonb("responsible_party").$type<ResponsibleParty>(),
    manufacturer: jsonb("manufacturer").$type<OverseasManufacturer>(),
    codeClauses: jsonb("code_clauses").$type<CodeClause[]>().notNull().default([]),
    scopeOfUse: text("scope_of_use"),
    designRequirements: text("design_requirements"),
    installationRequirements: text("installation_requirements"),
    maintenanceRequirements: text("maintenance_requirements"),
    /** A document holding the design, installation and maintenance requirements, instead of text. */
    requirementsDocumentUrl: text("requirements_document_url"),
    /** A warning or ban under section 26 of the Building Act that applies; empty when none does. */
    warnings: text("warnings"),
    evidence: jsonb("evidence").$type<EvidenceDocument[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    reviewedOn: date("reviewed_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("building_info_sheets_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("building_info_sheets_classification_check", inList("classification", BUILDING_PRODUCT_CLASSES)),
    check(
      "building_info_sheets_responsibility_check",
      inList("responsibility", BUILDING_INFO_RESPONSIBILITIES),
    ),
    check("building_info_sheets_version_check", sql`${t.version} >= 1`),
    index("building_info_sheets_title_idx").on(t.title),
  ],
);

/** A superseded version of a sheet, as it read before a save replaced it. */
export const buildingInfoVersions = pgTable(
  "building_info_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sheetId: uuid("sheet_id")
      .notNull()
      .references(() => buildingInfoSheets.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** Every field of the sheet at that version (the row as it was, less its id). */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }).notNull().defaultNow(),
    supersededBy: text("superseded_by"),
  },
  (t) => [uniqueIndex("building_info_versions_sheet_version_unique").on(t.sheetId, t.version)],
);
