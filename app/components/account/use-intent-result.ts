import { useActionData, useNavigation } from "react-router";
import type { ActionFailure } from "~/lib/action-error";

/**
 * The page's last refused post, for the one form that sent it: several forms on a page share
 * field names (a job's name), so each takes back only the answer to its own intent (and line).
 */
export function useIntentResult(intent: string, match?: Record<string, string>) {
  const answer = useActionData<ActionFailure>();
  const busy = useNavigation().state === "submitting";
  const posted = answer?.result?.initialValue as Record<string, unknown> | undefined;
  if (busy || !answer || posted?.intent !== intent) return undefined;
  if (match && Object.entries(match).some(([name, value]) => posted?.[name] !== value)) return undefined;
  return answer.result;
}

/** The first form-level message of an answer. */
export function formMessage(errors: string[] | undefined) {
  return errors?.length ? errors[0] : null;
}
