import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { AccessDenied } from "~/components/admin/access-denied";
import { CustomerAccount } from "~/components/admin/contact-management/customer-account";
import { EnquiryDetails } from "~/components/admin/contact-management/enquiry-details";
import { EnquiryStatusBadge } from "~/components/admin/contact-management/enquiry-status-badge";
import { EnquiryTimeline } from "~/components/admin/contact-management/enquiry-timeline";
import { NoteForm, OwnerForm, StatusForm } from "~/components/admin/contact-management/follow-up-forms";
import { PageHeader } from "~/components/admin/page-header";
import { EnquiryQuotes } from "~/components/admin/quotes/enquiry-quotes";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNzDateTime } from "~/lib/nz-date";
import { getCustomerAccount } from "~/modules/accounts/queries.server";
import {
  addEnquiryNote,
  assignEnquiryOwner,
  changeEnquiryStatus,
  ENQUIRY_NOT_FOUND,
} from "~/modules/enquiries/commands.server";
import {
  type EnquiryIntent,
  enquiryIntentSchema,
  TIMELINE_LIMIT,
} from "~/modules/enquiries/follow-up.schema";
import { getActiveStaff, getEnquiryTimeline } from "~/modules/enquiries/follow-up.server";
import { getEnquiryView } from "~/modules/enquiries/view.server";
import { getJobs } from "~/modules/jobs/queries.server";
import { quotingRoles, quotingRolesForAction } from "~/modules/quotes/access.server";
import { listCustomerQuotes } from "~/modules/quotes/account.server";
import { listEnquiryQuotes } from "~/modules/quotes/admin.server";
import { createQuoteDraft } from "~/modules/quotes/commands.server";
import { isAdmin, requireRole } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/intake.server";
import { backToList } from "~/server/http/intents";
import { notFound } from "~/server/http/not-found";
import { loadPickList } from "~/server/http/screens.server";
import { redirectWithToast, type Toast } from "~/server/toast.server";
import type { Route } from "./+types/enquiry";

// One enquiry in the back office (admins, and sales when they may quote, like the list): every
// field, its quote-list lines and attachment, its status, owner and internal notes, its history,
// and the customer account it was sent from with that customer's jobs and quotes.

const LIST = "/admin/contact-management";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const reference = loaded?.enquiry.reference;
  return [{ title: `${reference ? `Enquiry ${reference}` : "Enquiry"} | Trade Counter Admin` }];
}

/** The id from the URL; anything but a uuid is a 404 before it reaches the database. */
function enquiryId(params: { id?: string }) {
  const parsed = z.uuid().safeParse(params.id);
  if (!parsed.success) throw notFound(ENQUIRY_NOT_FOUND);
  return parsed.data;
}

/** The customer account the enquiry was sent from, with its jobs and quotes; null for a visitor's. */
async function customerAccountOf(accountId: string | null) {
  const account = accountId ? await getCustomerAccount(accountId) : null;
  if (!account) return null;
  const [jobs, quotes] = await Promise.all([getJobs(account.id), listCustomerQuotes(account)]);
  return { ...account, jobs, quotes };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, await quotingRoles());
  const id = enquiryId(params);
  const [enquiry, staff, quotes] = await Promise.all([
    getEnquiryView(id),
    loadPickList("staff", getActiveStaff),
    loadPickList("quotes", () => listEnquiryQuotes(id)),
  ]);
  if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
  const [timeline, customer] = await Promise.all([
    getEnquiryTimeline(id, enquiry.reference),
    customerAccountOf(enquiry.accountId),
  ]);
  // The audit log is the admins': only they are shown the way to it.
  return { enquiry, timeline, staff, quotes, customer, showAudit: isAdmin(user) };
}

const FAILURE: Record<EnquiryIntent["intent"], string> = {
  "set-status": "Error changing the status",
  "set-owner": "Error assigning the owner",
  "add-note": "Error adding the note",
  "create-quote": "Error creating the quote",
};

type FollowUp = Exclude<EnquiryIntent, { intent: "create-quote" }>;

/** What the toast says of a follow-up; `changed` is false when the value was already there. */
function followUpToast(value: FollowUp, changed: boolean | undefined): Toast {
  switch (value.intent) {
    case "set-status":
      return changed === false
        ? { type: "info", title: `The status was already ${value.status}` }
        : { type: "success", title: `Status changed to ${value.status}` };
    case "set-owner":
      return changed === false
        ? { type: "info", title: "The owner is unchanged" }
        : { type: "success", title: value.ownerId ? "Owner assigned" : "Owner removed" };
    case "add-note":
      return { type: "success", title: "Note added" };
  }
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, {
    access: await quotingRolesForAction(args.request),
    schema: enquiryIntentSchema,
  });
  const id = enquiryId(args.params);
  if (!form.ok) return form.response;
  const value = form.value;
  const failure = FAILURE[value.intent];
  if (value.intent === "create-quote") {
    // The enquiry's open draft, or its next revision: the quote builder opens on it.
    const ran = await form.run(createQuoteDraft, { enquiryId: id }, failure);
    if (!ran.ok) return ran.response;
    const draft = ran.result;
    return redirectWithToast(draft ? `/admin/quotes/${draft.id}` : args.request.url, {
      type: "success",
      title: draft?.created ? `Quote ${draft.number} drafted` : "The draft quote is open",
    });
  }
  const ran =
    value.intent === "set-status"
      ? await form.run(changeEnquiryStatus, { id, status: value.status }, failure)
      : value.intent === "set-owner"
        ? await form.run(assignEnquiryOwner, { id, ownerId: value.ownerId }, failure)
        : await form.run(addEnquiryNote, { id, body: value.body }, failure);
  if (!ran.ok) return ran.response;
  return redirectWithToast(
    backToList(args.request),
    followUpToast(value, typeof ran.result === "boolean" ? ran.result : undefined),
  );
}

export default function Enquiry({ loaderData }: Route.ComponentProps) {
  const { enquiry, timeline, staff, quotes, customer, showAudit } = loaderData;
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
        <div className="grid gap-6">
          <EnquiryDetails enquiry={enquiry} />
          {customer ? <CustomerAccount customer={customer} enquiryJobId={enquiry.job?.id ?? null} /> : null}
        </div>
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
  return (
    <AccessDenied
      error={error}
      failed="The enquiry could not be loaded. Please try again."
      missingAs={["Enquiry not found", "This enquiry does not exist. It may have been deleted."]}
    >
      <Button asChild variant="outline">
        <Link to={LIST}>Back to Contact Management</Link>
      </Button>
    </AccessDenied>
  );
}
