// Every admin action posts an `intent` and switches on a zod discriminated union of intents.
//
//   const parsed = parseIntent(formData, z.discriminatedUnion("intent", [createSchema, deleteSchema]));
//   if (!parsed.ok) return parsed.response;               // 400 { result } with the field messages
//   switch (parsed.value.intent) { ... }
//
//   return actionFailure(parsed.submission, { title: "Failed to save brand", description: reason });
//                                                         // 400 { result, error }: shown as an error
//                                                         // toast and a form-level message
//
// The component reads `result` for Conform's lastResult and `error` for the toast (see
// app/components/admin/use-admin-fetcher.tsx). Nothing is written when parsing fails.
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { ActionError, ActionFailure } from "~/lib/action-error";
import { readFields } from "./form-body.server";

export { isFormBody } from "./form-body.server";

import { readFormShape } from "./form-shape";

export type { ActionFailure };

type ReplyOptions = { hideFields?: string[] };

// A text column cannot hold a NUL character: any field with one is refused before the schema.
const CANNOT_SAVE = "This field contains a character that cannot be saved";

type ParsedSubmission<Schema extends z.ZodType> = Submission<z.input<Schema>, string[], z.output<Schema>>;

/** A submission refused before its fields were read: the message as a form error, nothing echoed. */
export function refusedSubmission<Schema extends z.ZodType>(message: string) {
  const refuse = z.never({ error: message });
  return parseWithZod(new FormData(), { schema: refuse }) as unknown as ParsedSubmission<Schema>;
}

/**
 * Every form post is read here. Its shape is judged first (form-shape: too many fields, a list
 * index past its limit), so Conform never builds a list of millions of empty rows; only the
 * schema's own fields are parsed, so a refusal echoes nothing else. Conform reads its own fields
 * (`__intent__` as JSON naming one of its intents, `__state__`) and throws on a forged one; such
 * fields are then dropped and the post judged on the rest.
 */
export function parseSubmission<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
): ParsedSubmission<Schema> {
  const shape = readFormShape(formData, schema);
  if (!shape.ok) return refusedSubmission<Schema>(shape.message);
  const fields = shape.formData;
  try {
    return parseWithZod(fields, { schema });
  } catch {
    fields.delete("__intent__");
    fields.delete("__state__");
    return parseWithZod(fields, { schema });
  }
}

/**
 * The form judged against its schema: its shape, its fields, and no NUL character in any value
 * (a text column cannot hold one). `fieldErrors` and `formErrors` are messages beyond the
 * schema's own, for the reply.
 */
export function judgeSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") return { ok: false as const, submission };
  const withNul = [...formData.entries()].filter(
    ([, value]) => typeof value === "string" && value.includes("\u0000"),
  );
  if (withNul.length > 0) {
    const fieldErrors = Object.fromEntries(withNul.map(([name]) => [name, [CANNOT_SAVE]]));
    return { ok: false as const, submission, fieldErrors, formErrors: [CANNOT_SAVE] };
  }
  return { ok: true as const, submission, value: submission.value as z.output<Schema> };
}

export function parseIntent<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  options: ReplyOptions = {},
) {
  const judged = judgeSubmission(formData, schema);
  if (!judged.ok) {
    const { submission, fieldErrors, formErrors } = judged;
    return {
      ok: false as const,
      submission,
      response: data<ActionFailure>(
        { result: submission.reply({ ...options, fieldErrors, formErrors }) },
        { status: 400 },
      ),
    };
  }
  return judged;
}

/** A refusal after parsing (a rule, a conflict): 400 with the message as a form error and a toast. */
export function actionFailure(
  submission: Submission<unknown, string[], unknown>,
  error: ActionError,
  options: ReplyOptions & { status?: number; fieldErrors?: Record<string, string[]> } = {},
) {
  const message = error.description ?? error.title;
  return data<ActionFailure>(
    {
      result: submission.reply({
        hideFields: options.hideFields,
        formErrors: options.fieldErrors ? undefined : [message],
        fieldErrors: options.fieldErrors,
      }),
      error,
    },
    { status: options.status ?? 400 },
  );
}

const UNREADABLE: ActionError = {
  title: "The form could not be read",
  description: "Please reload the page and try again.",
};

/**
 * The posted form (no files), or null when the body is not a readable form: the one form reader
 * (http/form-body) within the route's caps.
 */
export async function readFormData(request: Request): Promise<FormData | null> {
  return readFields(request);
}

/** The answer to a body no form of ours sends: 400, nothing read further, nothing written. */
export function unreadableForm(status = 400) {
  return data<ActionFailure>(
    { result: { status: "error", error: { "": [UNREADABLE.description as string] } }, error: UNREADABLE },
    { status },
  );
}

/**
 * Where a successful action sends the browser back to: the same list, page and search. A
 * fetcher posts to the data URL (/admin/catalog.data?index…), which names the same page.
 */
export function backToList(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  const pathname = url.pathname.replace(/\.data$/, "") || "/";
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}
