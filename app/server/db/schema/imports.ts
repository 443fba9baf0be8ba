// The catalogue import (ADR 044): an uploaded sheet, its dry run's plan (one row per sheet row),
// and the column mappings saved by name to be offered for the next file.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  IMPORT_JOB_STATUSES,
  IMPORT_MODES,
  IMPORT_ROW_ACTIONS,
  IMPORT_STATUSES,
  type ImportMode,
  type ImportRowAction,
  type ImportStatus,
} from "~/lib/vocabulary";
import { createdAt, inList, updatedAt } from "./columns";

/** A column of the sheet and the product field it fills (null: not imported). */
export type ImportColumn = { index: number; header: string; field: string | null };

/** A row's problem: the column (its header in the file, or the field's name) and the reason. */
export type ImportProblem = { column: string | null; message: string };

/** A product's fields as an import reads and writes them. */
export type ImportProductFields = {
  name: string;
  sku: string | null;
  unit: string | null;
  shortDescription: string | null;
  description: string | null;
  price: number;
  originalPrice: number | null;
  discountPercentage: number;
  categoryId: string | null;
  brandId: string | null;
  buildingInfoId: string | null;
  imageUrl: string | null;
  stockQuantity: number;
  stockStatus: string;
  isFeatured: boolean;
  isPublished: boolean;
};

/**
 * A product as a plan row holds it (before, or after the import): its fields, and the names of its
 * category, brand and building information sheet for people to read. After: a category or brand
 * the import creates has a name and no id yet; `picture` is a picture the import fetches or
 * takes from the ZIP (its cell), whose stored address becomes the image URL.
 */
export type ImportProductState = {
  fields: ImportProductFields;
  names: { category: string | null; brand: string | null; buildingInfo: string | null };
  picture?: string;
};

/** Who runs an import's job (the admin who asked for it), as the audit log names them. */
export type ImportJobActor = {
  id: string;
  name: string | null;
  email: string | null;
  role: string | null;
  ip: string | null;
  userAgent: string | null;
};

export const catalogImports = pgTable(
  "catalog_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The name of the file the admin chose (never used to store it). */
    fileName: text("file_name").notNull(),
    /** Where the uploaded file is (imports/…, a private bucket); null once the import is done with. */
    filePath: text("file_path"),
    fileBytes: integer("file_bytes").notNull(),
    /**
     * The ZIP of pictures uploaded beside the sheet (imports/…), whose files the picture column
     * names: its name as chosen, where it is (null once the import is done with), its size.
     */
    picturesName: text("pictures_name"),
    picturesPath: text("pictures_path"),
    picturesBytes: integer("pictures_bytes"),
    /** The worksheet of a workbook chosen by name; null for the first. */
    sheetName: text("sheet_name"),
    /** The header row's cells as read, and each column's field. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    columns: jsonb("columns").$type<ImportColumn[]>().notNull(),
    mode: text("mode").$type<ImportMode>().notNull().default("create_update"),
    /** Categories and brands the file names that do not exist are created (else the row is refused). */
    createMissing: boolean("create_missing").notNull().default(false),
    /** The apply stops at the first refused row instead of going on with the others. */
    stopAtFirstProblem: boolean("stop_at_first_problem").notNull().default(false),
    status: text("status").$type<ImportStatus>().notNull().default("mapping"),
    /** Why it failed or stopped, in words. */
    failure: text("failure"),

    // The dry run's counts.
    rowsTotal: integer("rows_total").notNull().default(0),
    toCreate: integer("to_create").notNull().default(0),
    toUpdate: integer("to_update").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    refused: integer("refused").notNull().default(0),
    /** Names the file uses that no category or brand has (created only with createMissing). */
    unknownCategories: jsonb("unknown_categories").$type<string[]>().notNull().default([]),
    unknownBrands: jsonb("unknown_brands").$type<string[]>().notNull().default([]),

    // The apply's and the undo's counts.
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    /** Rows the plan would change that the apply refused (changed since the dry run, a rule). */
    refusedOnApply: integer("refused_on_apply").notNull().default(0),
    undone: integer("undone").notNull().default(0),
    undoConflicts: integer("undo_conflicts").notNull().default(0),
    /** The categories and brands the apply created: its undo deletes those no record uses. */
    createdCategoryIds: jsonb("created_category_ids").$type<string[]>().notNull().default([]),
    createdBrandIds: jsonb("created_brand_ids").$type<string[]>().notNull().default([]),

    // The job: who runs it, where it is, and which process holds it.
    jobActor: jsonb("job_actor").$type<ImportJobActor>(),
    /** When the job now asked for was asked for: imports wait their turn in this order. */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    /** When the job first ran, and the rows it had done then: its rate, hence the time left. */
    jobStartedAt: timestamp("job_started_at", { withTimezone: true }),
    jobRowsAtStart: integer("job_rows_at_start").notNull().default(0),
    /** Rows the job has done (checked, written or undone), and the last row number it did. */
    jobRowsDone: integer("job_rows_done").notNull().default(0),
    jobCursor: integer("job_cursor").notNull().default(0),
    /** The worker holding the job and until when; a lock run out is anyone's to take over. */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Failed attempts at the job's current step in a row; the reason of the last. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),

    createdById: text("created_by_id"),
    createdByName: text("created_by_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    plannedAt: timestamp("planned_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [
    check("catalog_imports_mode_check", inList("mode", IMPORT_MODES)),
    check("catalog_imports_status_check", inList("status", IMPORT_STATUSES)),
    index("catalog_imports_created_at_idx").on(t.createdAt.desc()),
    // The worker's question: which import's job is next.
    index("catalog_imports_queue_idx").on(t.queuedAt).where(inList("status", IMPORT_JOB_STATUSES)),
  ],
);

/**
 * The plan: one row per row of the sheet (its row number as a spreadsheet shows it), with what
 * the dry run found and what the apply and the undo did.
 */
export const catalogImportRows = pgTable(
  "catalog_import_rows",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => catalogImports.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    action: text("action").$type<ImportRowAction>().notNull(),
    /** The stock code (lower case) or name the row is known by in the file: a second row with it is refused. */
    fileKey: text("file_key"),
    /** The product matched (update), or made (create, once applied). */
    productId: uuid("product_id"),
    matchedBy: text("matched_by").$type<"sku" | "name">(),
    /** The row's own cells, for the report. */
    cells: jsonb("cells").$type<string[]>().notNull(),
    before: jsonb("before").$type<ImportProductState>(),
    after: jsonb("after").$type<ImportProductState>(),
    problems: jsonb("problems").$type<ImportProblem[]>(),
    /** The matched product's updated_at when the plan was made: the apply refuses a product changed since. */
    plannedVersion: timestamp("planned_version", { withTimezone: true, mode: "string" }),
    /** done: written; refused: the apply refused it (applyProblem says why). */
    applied: text("applied").$type<"done" | "refused">(),
    applyProblem: text("apply_problem"),
    /** The product's updated_at after the import wrote it: the undo leaves a product changed since. */
    appliedVersion: timestamp("applied_version", { withTimezone: true, mode: "string" }),
    /** done: restored (or the created product deleted); conflict: changed since, left (undoProblem). */
    undone: text("undone").$type<"done" | "conflict">(),
    undoProblem: text("undo_problem"),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    // The import's page reads its refused rows and counts the rows matched by name on every view,
    // and every few seconds while a job runs: without these, each read walked all of the
    // import's rows (160-210 ms at 100,000 rows, in the database the pages share).
    index("catalog_import_rows_refused_idx").on(t.importId, t.rowNumber).where(sql`${t.action} = 'refused'`),
    index("catalog_import_rows_by_name_idx").on(t.importId).where(sql`${t.matchedBy} = 'name'`),
    check("catalog_import_rows_action_check", inList("action", IMPORT_ROW_ACTIONS)),
    check("catalog_import_rows_matched_by_check", sql`${t.matchedBy} in ('sku', 'name')`),
    check("catalog_import_rows_applied_check", sql`${t.applied} in ('done', 'refused')`),
    check("catalog_import_rows_undone_check", sql`${t.undone} in ('done', 'conflict')`),
  ],
);

/** A column mapping saved by name, offered for the next file whose headers it fits. */
export const catalogImportProfiles = pgTable(
  "catalog_import_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Each header (as the file has it) and the field it fills; null: not imported. */
    columns: jsonb("columns").$type<{ header: string; field: string | null }[]>().notNull(),
    mode: text("mode").$type<ImportMode>().notNull().default("create_update"),
    createMissing: boolean("create_missing").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("catalog_import_profiles_name_unique").on(sql`lower(${t.name})`),
    check("catalog_import_profiles_name_not_blank", sql`length(trim(${t.name})) > 0`),
    check("catalog_import_profiles_mode_check", inList("mode", IMPORT_MODES)),
  ],
);
