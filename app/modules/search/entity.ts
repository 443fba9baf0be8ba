import { defineEntity } from "~/server/commands/entity";
import { searchLog } from "~/server/db/schema";

/** The catalogue's search log: counts of what was searched, never who searched. */
export const searchLogEntity = defineEntity({
  type: "search_log",
  noun: "search log",
  table: searchLog,
  key: searchLog.id,
  label: searchLog.query,
  shownInPublic: false,
});
