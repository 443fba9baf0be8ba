import { defineEntity } from "~/server/commands/entity";
import { consentPackDownloads } from "~/server/db/schema";

/** A consent pack downloaded: counted for the dashboard, never who downloaded it. */
export const consentPackDownloadEntity = defineEntity({
  type: "consent_pack_download",
  noun: "consent pack download",
  table: consentPackDownloads,
  key: consentPackDownloads.id,
  label: consentPackDownloads.source,
  shownInPublic: false,
});
