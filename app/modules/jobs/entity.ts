import { defineEntity } from "~/server/commands/entity";
import { jobs } from "~/server/db/schema";

/** A customer's job; changes to its product list are told by the command (AuditTarget.detail). */
export const jobEntity = defineEntity({
  type: "job",
  noun: "job",
  table: jobs,
  key: jobs.id,
  label: jobs.name,
  shownInPublic: false,
  fields: {
    id: null,
    userId: null,
    name: { name: "Name" },
    siteAddress: { name: "Site address" },
    client: { name: "Client" },
    notes: { name: "Notes" },
    status: { name: "Status" },
  },
});
