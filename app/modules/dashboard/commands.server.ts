// The dashboard's one write, run through server/commands/runner.server.ts: a message that failed
// past its retries is queued to send again, and the mail worker woken once that has committed.

import { mailEntity } from "~/modules/notifications/entity";
import { defineCommand } from "~/server/commands/runner.server";
import { InputError } from "~/server/http/input-error";
import { retryMail, wakeMailWorker } from "~/server/mail/outbox.server";

export const retryFailedMail = defineCommand({
  name: "mail.retry",
  entity: mailEntity,
  access: "admin",
  target: (input: { id: string }) => ({ action: "retry", id: input.id }),
  run: async (input) => {
    if (!(await retryMail(input.id))) throw new InputError("This message is no longer waiting for a retry.");
    wakeMailWorker();
  },
});
