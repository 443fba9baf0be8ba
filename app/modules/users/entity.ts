import { defineEntity } from "~/server/commands/entity";
import { users } from "~/server/db/schema";

export const userEntity = defineEntity({
  type: "user",
  noun: "user",
  table: users,
  key: users.id,
  label: users.email,
  shownInPublic: false,
});
