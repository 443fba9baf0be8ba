// /account/job-items: "Add to job" on a product's page. A plain form post (it works without
// JavaScript): the product is added to the chosen job of the signed-in customer and the browser
// goes back to the product's page with a message, whether it was added or not. Another customer's
// job, or an id that is not one, is not found.

import { redirect } from "react-router";
import { safeRedirect } from "~/lib/safe-redirect";
import { addJobLine } from "~/modules/jobs/commands.server";
import { isJobId } from "~/modules/jobs/queries.server";
import { addToJobSchema } from "~/modules/jobs/schema";
import { requireCustomer } from "~/server/auth/guards.server";
import { InputError, SERVER_FAILURE_MESSAGE } from "~/server/http/input-error";
import { readForm } from "~/server/http/intake.server";
import type { Refusal } from "~/server/http/judge.server";
import { notFound } from "~/server/http/not-found";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/job-items";

const FALLBACK = "/catalog";

/** The page the post came from: a product's page of this site, else the catalogue. */
function backTo(target: unknown) {
  const path = safeRedirect(target, FALLBACK);
  return path.startsWith("/catalog/") ? path : FALLBACK;
}

function firstMessage(refused: Refusal) {
  if (refused.reason === "failed")
    return refused.error instanceof InputError ? refused.error.message : SERVER_FAILURE_MESSAGE;
  const errors = ("error" in refused.submission ? refused.submission.error : null) ?? {};
  const messages = [...(refused.formErrors ?? []), ...Object.values(errors).flat()];
  return messages.find((message): message is string => typeof message === "string") ?? "Nothing was added.";
}

/** Nothing to show: a customer who opens the address is sent to their jobs. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireCustomer(request);
  return redirect("/account/jobs");
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, {
    access: "account",
    schema: addToJobSchema,
    conformIntents: false,
    answer: (refused) => refused,
  });
  if (!form.ok) {
    const refused = form.response;
    const toast = {
      type: "error" as const,
      title: "Not added to the job",
      description: firstMessage(refused),
    };
    return redirectWithToast(backTo(refused.submission.payload?.redirectTo), toast, { status: 303 });
  }
  const { jobId, productId, quantity, redirectTo } = form.value;
  if (!isJobId(jobId)) throw notFound("This job does not exist.");
  const back = backTo(redirectTo);
  const done = await form.run(addJobLine, { jobId, productId, quantity }, "Failed to add to the job");
  if (!done.ok) {
    const refused = done.response;
    const toast = {
      type: "error" as const,
      title: "Not added to the job",
      description: firstMessage(refused),
    };
    return redirectWithToast(back, toast, { status: 303 });
  }
  const line = done.result;
  return redirectWithToast(
    back,
    {
      type: "success",
      title: "Added to your job",
      description: line ? `${line.productName}: ${line.quantity} on the list of ${line.jobName}` : undefined,
    },
    { status: 303 },
  );
}
