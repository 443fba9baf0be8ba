// What every admin screen's loader and action do around their own module's work: a list that
// fails to load is logged and shown as "Failed to fetch …" (never a 500 page), a pick-list that
// fails is only logged (section 8), and a write that is refused or fails becomes the error toast.
//
//   loader:
//     const list = await loadPagedList("case studies", parseListParams(request), listAdminCaseStudies);
//     const categories = await loadPickList("case study categories", getCaseStudyCategoryOptions);
//     const hero = await tryLoad("hero content", getHero);        // { ok: true, value } or { ok: false }
//   action:
//     const form = await readAdminForm(request, caseStudyActionSchema);   // image upload or URL too
//     if (!form.ok) return form.response;                                  // 400, nothing written
//     const failed = await form.attempt(() => save(form.value), "Failed to save case study");
//     if (failed) return failed;                                           // 400 or 500 with the toast
//     return redirectWithToast(backToList(request), { type: "success", title: "…" });
import type { Submission } from "@conform-to/react";
import type { z } from "zod";
import type { PagedListData } from "~/components/admin/data-table/paged-list";
import { readImageForm } from "~/server/http/image-upload.server";
import { InputError, SERVER_FAILURE_MESSAGE } from "~/server/http/input-error";
import { oncePerSubmission } from "~/server/http/once-per-submission.server";
import { logger } from "~/server/logger.server";
import { actionFailure, isFormBody, parseIntent, unreadableForm } from "./intents";
import type { ListParams, Paged } from "./list-params";

/** One page of a list with its search, or an empty page flagged `failed` when the read throws. */
export async function loadPagedList<Row>(
  noun: string,
  params: Pick<ListParams, "page" | "q">,
  read: (params: { page: number; q: string }) => Promise<Paged<Row>>,
): Promise<PagedListData<Row>> {
  try {
    return { ...(await read({ page: params.page, q: params.q })), q: params.q, failed: false };
  } catch (error) {
    logger.error({ err: error }, `Failed to fetch ${noun}`);
    return { rows: [], total: 0, page: 1, pageCount: 1, q: params.q, failed: true };
  }
}

export type Loaded<T> = { ok: true; value: T } | { ok: false };

/** A read whose failure is logged and reported, for the screen to say so instead of a 500 page. */
export async function tryLoad<T>(what: string, read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    logger.error({ err: error }, `Failed to load ${what}`);
    return { ok: false };
  }
}

/** A pick-list's options; a failure is only logged and the list is empty (section 8). */
export async function loadPickList<Option>(what: string, read: () => Promise<Option[]>): Promise<Option[]> {
  const loaded = await tryLoad(what, read);
  return loaded.ok ? loaded.value : [];
}

/**
 * The answer to a write that threw: an InputError is the admin's to fix (400, its message);
 * anything else is logged and answered 500 with a plain apology, the form kept as typed.
 */
export function writeFailure(
  submission: Submission<unknown, string[], unknown>,
  error: unknown,
  title: string,
) {
  if (error instanceof InputError) return actionFailure(submission, { title, description: error.message });
  logger.error({ err: error }, title);
  return actionFailure(submission, { title, description: SERVER_FAILURE_MESSAGE }, { status: 500 });
}

/** The one row a write by id touched; an InputError (shown to the admin) when it is gone. */
export function expectRow<Row>(rows: Row[], gone: string): Row {
  const [row] = rows;
  if (!row) throw new InputError(gone);
  return row;
}

type ImageOptions = NonNullable<Parameters<typeof readImageForm>[1]>;

/**
 * An admin action's post, parsed with the route's intent schema. A form may carry an image (a
 * file that readImageForm stores, or a URL); a refused image or invalid fields answer 400 with
 * the messages and nothing is written. `attempt` runs the write once per submission: when it
 * throws, the stored image is dropped again and the failure is the answer.
 */
export async function readAdminForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  options: ImageOptions = {},
) {
  if (!isFormBody(request)) return { ok: false as const, response: unreadableForm() };
  const form = await readImageForm(request, { bucket: "media", ...options });
  const parsed = parseIntent(form.formData, schema);
  if (!form.ok) {
    const description = form.error.description ?? form.error.title;
    const fieldErrors = { [options.urlField ?? "imageUrl"]: [description] };
    return { ok: false as const, response: actionFailure(parsed.submission, form.error, { fieldErrors }) };
  }
  const upload = form.upload;
  if (!parsed.ok) {
    await upload?.discard();
    return { ok: false as const, response: parsed.response };
  }
  async function attempt(write: () => Promise<unknown>, failureTitle: string) {
    try {
      // A repeat of a submission already carried out writes nothing and keeps no second image.
      if ((await oncePerSubmission(form.formData, write)) === "repeat") await upload?.discard();
      return null;
    } catch (error) {
      await upload?.discard();
      return writeFailure(parsed.submission, error, failureTitle);
    }
  }
  return { ok: true as const, value: parsed.value, submission: parsed.submission, attempt };
}
