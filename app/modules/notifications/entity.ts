import { defineEntity } from "~/server/commands/entity";
import { mailOutbox } from "~/server/db/schema";

export const mailEntity = defineEntity({
  type: "mail",
  noun: "mail",
  table: mailOutbox,
  key: mailOutbox.id,
  label: mailOutbox.subject,
  shownInPublic: false,
});
