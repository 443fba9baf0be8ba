import { ArrowLeftIcon, SearchXIcon, ShieldAlertIcon } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { z } from "zod";
import { EnquiryDetails, type EnquiryView } from "~/components/admin/contact-management/enquiry-details";
import { EnquiryStatusBadge } from "~/components/admin/contact-management/enquiry-status-badge";
import { EnquiryTimeline } from "~/components/admin/contact-management/enquiry-timeline";
import { NoteForm, OwnerForm, StatusForm } from "~/components/admin/contact-management/follow-up-forms";
import { PageHeader } from "~/components/admin/page-header";
import { EnquiryQuotes } from "~/components/admin/quotes/enquiry-quotes";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNzDateTime } from "~/lib/nz-date";
import { attachmentHref } from "~/modules/enquiries/admin.server";
import {
  type EnquiryIntent,
  enquiryIntentSchema,
  TIMELINE_LIMIT,
} from "~/modules/enquiries/follow-up.schema";
import {
  applyFollowUp,
  type EnquiryDetail,
  EnquiryNotFoundError,
  getActiveStaff,
  getEnquiryDetail,
} from "~/modules/enquiries/follow-up.server";
import { quotingRoles, quotingRolesForAction } from "~/modules/quotes/access.server";
import { listEnquiryQuotes, quoteAuditDetail } from "~/modules/quotes/admin.server";
import { openQuoteDraft } from "~/modules/quotes/commands.server";
import { isAdmin, requireRole } from "~/server/auth/guards.server";
import { backToList } from "~/server/http/intents";
import { loadPickList } from "~/server/http/screens.server";
import { readStaffForm } from "~/server/http/staff-action.server";
import { redirectWithToast, type Toast } from "~/server/toast.server";
import type { Route } from "./+types/enquiry";

// One enquiry in the back office (admins, and sales when they may quote, like the list): every field, its quote-list
// lines and attachment, its status, owner and internal notes, and its history.

const LIST = "/admin/contact-management";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const reference = loaded?.enquiry.reference;
  return [{ title: `${reference ? `Enquiry ${reference}` : "Enquiry"} | Trade Counter Admin` }];
}

function notFound(): never {
  throw data({ message: "This enquiry does not exist." }, { status: 404 });
}

/** The id from the URL; anything but a uuid is a 404 before it reaches the database. */
function enquiryId(params: { id?: string }) {
  const parsed = z.uuid().safeParse(params.id);
  return parsed.success ? parsed.data : notFound();
}

function toView(enquiry: EnquiryDetail): EnquiryView & { ownerId: string | null } {
  return {
    id: enquiry.id,
    reference: enquiry.reference,
    source: enquiry.source,
    fullName: enquiry.fullName,
    email: enquiry.email,
    phone: enquiry.phone,
    subject: enquiry.subject,
    message: enquiry.message,
    fileHref: attachmentHref(enquiry.fileUrl),
    attachmentDeletedAt: enquiry.attachmentDeletedAt,
    status: enquiry.status,
    ownerId: enquiry.ownerId,
    ownerName: enquiry.ownerName,
    spamReason: enquiry.spamReason,
    createdAt: enquiry.createdAt,
    closedAt: enquiry.closedAt,
    lines: enquiry.lines,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, await quotingRoles());
  const id = enquiryId(params);
  const [enquiry, staff, quotes] = await Promise.all([
    getEnquiryDetail(id),
    loadPickList("staff", getActiveStaff),
    loadPickList("quotes", () => listEnquiryQuotes(id)),
  ]);
  if (!enquiry) notFound();
  // The audit log is the admins': only they are shown the way to it.
  return { enquiry: toView(enquiry), timeline: enquiry.timeline, staff, quotes, showAudit: isAdmin(user) };
}

const FAILURE: Record<EnquiryIntent["intent"], string> = {
  "set-status": "Error changing the status",
  "set-owner": "Error assigning the owner",
  "add-note": "Error adding the note",
  "create-quote": "Error creating the quote",
};

export async function action(args: Route.ActionArgs) {
  const form = await readStaffForm(args, {
    role: await quotingRolesForAction(args.request),
    schema: enquiryIntentSchema,
  });
  const id = enquiryId(args.params);
  if (!form.ok) return form.response;
  const value = form.value;
  if (value.intent === "create-quote") {
    // The enquiry's open draft, or its next revision: the quote builder opens on it.
    let draft: { id: string; number: string; created: boolean } | undefined;
    const failed = await form.commit(
      {
        entity: "quote",
        action: "create",
        detail: () => (draft ? quoteAuditDetail(draft.number) : undefined),
      },
      async () => {
        draft = await openQuoteDraft(form.staff.user, id);
        return draft;
      },
      FAILURE[value.intent],
    );
    if (failed) return failed;
    return redirectWithToast(draft ? `/admin/quotes/${draft.id}` : args.request.url, {
      type: "success",
      title: draft?.created ? `Quote ${draft.number} drafted` : "The draft quote is open",
    });
  }
  let toast: Toast = { type: "success", title: "Saved" };
  const failed = await form.commit(
    {
      entity: "enquiry",
      action: "update",
      id,
      // A note is a row of its own: the enquiry's row does not show it.
      changes: value.intent === "add-note" ? { note: { before: null, after: value.body } } : undefined,
    },
    async () => {
      try {
        toast = await applyFollowUp(form.staff.user, id, value);
      } catch (error) {
        if (error instanceof EnquiryNotFoundError) notFound();
        throw error;
      }
    },
    FAILURE[value.intent],
  );
  return failed ?? redirectWithToast(backToList(args.request), toast);
}

export default function Enquiry({ loaderData }: Route.ComponentProps) {
  const { enquiry, timeline, staff, quotes, showAudit } = loaderData;
  return (
    <>
      <PageHeader
        title={`Enquiry ${enquiry.reference}`}
        description={`From ${enquiry.fullName}, received ${formatNzDateTime(enquiry.createdAt)}`}
      >
        <Button asChild variant="outline">
          <Link to={LIST}>
            <ArrowLeftIcon aria-hidden />
            Back to Contact Management
          </Link>
        </Button>
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <EnquiryDetails enquiry={enquiry} />
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-lg">Follow-up</h2>
              </CardTitle>
              <CardDescription className="flex flex-wrap items-center gap-2">
                <EnquiryStatusBadge status={enquiry.status} />
                <span>{enquiry.ownerName ? `Owner: ${enquiry.ownerName}` : "No owner yet"}</span>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              <StatusForm key={enquiry.status} status={enquiry.status} />
              <OwnerForm
                key={enquiry.ownerId ?? ""}
                ownerId={enquiry.ownerId}
                ownerName={enquiry.ownerName}
                staff={staff}
              />
            </CardContent>
          </Card>
          <EnquiryQuotes quotes={quotes} />
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-lg">Add a note</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <NoteForm />
            </CardContent>
          </Card>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">History</h2>
          </CardTitle>
          {showAudit ? (
            <CardDescription>
              <Link
                to={`/admin/audit?entity=enquiry&entityId=${enquiry.id}`}
                className="underline underline-offset-2"
              >
                This enquiry in the audit log
              </Link>
            </CardDescription>
          ) : null}
          {timeline.length >= TIMELINE_LIMIT ? (
            <CardDescription>The latest {TIMELINE_LIMIT} entries.</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          <EnquiryTimeline entries={timeline} />
        </CardContent>
      </Card>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const denied = status === 403 || status === 401;
  const Icon = status === 404 ? SearchXIcon : ShieldAlertIcon;
  // A refusal says its own reason when it gives one (quoting switched off meanwhile).
  const reason = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : null;
  const [title, detail] =
    status === 404
      ? ["Enquiry not found", "This enquiry does not exist. It may have been deleted."]
      : denied
        ? [
            "Access Denied",
            typeof reason === "string" && reason ? reason : "You don't have permission to access this page.",
          ]
        : ["Something went wrong", "The enquiry could not be loaded. Please try again."];
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center text-center">
        <Icon aria-hidden className="mx-auto size-10 text-destructive" />
        <CardTitle asChild>
          <h1 className="text-2xl">{title}</h1>
        </CardTitle>
        <CardDescription>{detail}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild variant="outline">
          <Link to={LIST}>Back to Contact Management</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
