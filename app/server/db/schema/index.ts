// The whole data model: one pg-dialect schema for PGlite and PostgreSQL alike, a file per domain.
// drizzle-kit generates the SQL migrations in drizzle/ from the tables these files export
// (drizzle.config.ts); everything else imports the schema from here.
export * from "./audit";
export * from "./auth";
export * from "./building-info";
export * from "./catalog";
export * from "./certifications";
export * from "./consent-packs";
export * from "./content";
export * from "./enquiries";
export * from "./images";
export * from "./imports";
export * from "./jobs";
export * from "./mail";
export * from "./operations";
export * from "./quotes";
export * from "./search";
export * from "./taxonomy";
