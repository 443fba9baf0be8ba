import { useEffect, useState } from "react";
import { useLoaderData } from "react-router";
import { ContactDetails, ContactMap } from "~/components/site/enquiry/contact-details";
import { ContactForm } from "~/components/site/enquiry/contact-form";
import { JobListPanel } from "~/components/site/enquiry/job-list-panel";
import { JsonLd, usePublicSite } from "~/components/site/json-ld";
import { QuoteListPanel } from "~/components/site/quote-list/quote-list-panel";
import { toast } from "~/components/ui/toast";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { getContactInfo } from "~/modules/content/queries.server";
import {
  CONTACT_ENQUIRY,
  enquiryHeaders,
  enquiryOf,
  enquiryReceived,
  SEND_FAILED,
} from "~/modules/enquiries/actions.server";
import { receiveEnquiry } from "~/modules/enquiries/commands.server";
import { getPublicSubjects, prefillFromUrl } from "~/modules/enquiries/subjects.server";
import { jobContactPrefill } from "~/modules/jobs/contact-prefill.server";
import { getQuoteListForPage } from "~/modules/quote-list/quote-list.server";
import { newQuoteContactPrefill } from "~/modules/quotes/account.server";
import { businessJsonLd } from "~/modules/seo/json-ld";
import { pageMeta, siteFromMatches } from "~/modules/seo/meta";
import { readForm } from "~/server/http/intake.server";
import { issueFormToken } from "~/server/security/form-token.server";
import type { Route } from "./+types/contact";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

// A 429 answer carries Retry-After to the browser.
export function headers(args: Route.HeadersArgs) {
  return enquiryHeaders(args);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Contact Us",
    description: "Ask about products, trade pricing or a quote. Send us a message or call our team.",
    path: "/contact",
  });
}

// A list of products is most often a request for a quote: that subject is offered first.
const LIST_SUBJECT = "Quote Request";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ subjects, loadFailed }, contact, quoteList, fromQuote, fromJob] = await Promise.all([
    getPublicSubjects(),
    getContactInfo(),
    getQuoteListForPage(request, context),
    newQuoteContactPrefill(request),
    jobContactPrefill(request),
  ]);
  const prefill = prefillFromUrl(new URL(request.url), subjects);
  const asksForQuote = quoteList.length > 0 || fromQuote !== null || fromJob !== null;
  const listSubject = asksForQuote && subjects.includes(LIST_SUBJECT) ? LIST_SUBJECT : undefined;
  return {
    ...prefill,
    // A signed-in customer asking for a new quote like one of theirs: its lines, and who they are.
    // Sent from one of their jobs (`?job=`): its name and site first, and its list goes with it.
    message: fromJob?.message ?? fromQuote?.message ?? prefill.message,
    person: fromJob?.person ?? fromQuote?.person,
    fromJob: fromJob ? { job: fromJob.job, lines: fromJob.lines } : null,
    defaultSubject: prefill.subject ?? listSubject,
    subjectsLoadFailed: loadFailed,
    contact,
    quoteList,
    formToken: issueFormToken(),
  };
}

// Read and judged by the intake (spam rules included), stored by receiveEnquiry; a sent enquiry
// empties the quote list, which the page drawn after this post (without JavaScript) shows. One
// sent from a job takes the job's list instead (the job checked to be the sender's own) and
// leaves the quote list alone.
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args, CONTACT_ENQUIRY);
  if (!form.ok) return form.response;
  const input = await enquiryOf("contact", form, args);
  const done = await form.run(receiveEnquiry, input, SEND_FAILED);
  if (!done.ok) return done.response;
  return enquiryReceived("contact", form, args, input);
}

export default function ContactPage() {
  const {
    subjects,
    subject,
    defaultSubject,
    product,
    message,
    person,
    fromJob,
    subjectsLoadFailed,
    contact,
    quoteList,
    formToken,
  } = useLoaderData<typeof loader>();
  // The fill time counts from when the page was first served: a change to the quote list
  // revalidates this loader, and a fresh token then would make a quick send look like a bot's.
  const [servedToken] = useState(formToken);
  const { site } = usePublicSite();

  useEffect(() => {
    if (subjectsLoadFailed) toast.error("Error loading subjects", { description: "Using default options" });
  }, [subjectsLoadFailed]);

  return (
    <>
      <JsonLd data={businessJsonLd(site, contact)} />
      <section className="bg-stone-900 text-white">
        {/* Kept short, so the form (prefilled by a product's Enquire Now) is in view on arrival. */}
        <div className="container mx-auto px-4 py-10 sm:py-12">
          <h1 className="font-extrabold text-4xl sm:text-5xl">Contact Us</h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-300">
            Ask about a product, trade pricing or a quote for your next job. Send us a message and our team
            will get back to you.
          </p>
        </div>
      </section>
      <section className="container mx-auto grid gap-10 px-4 py-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          {fromJob ? (
            <JobListPanel job={fromJob.job} lines={fromJob.lines} />
          ) : (
            <QuoteListPanel items={quoteList} />
          )}
          <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">
            <h2 className="font-bold text-2xl">Send us a message</h2>
            <p className="mt-1 mb-6 text-muted-foreground">
              Fill in the form and we will reply by e-mail or phone.
            </p>
            {/* A new ?subject=, ?product= or ?message= on the same page starts a fresh form with those defaults. */}
            <ContactForm
              key={`${subject}|${product}|${message}|${fromJob?.job.id ?? ""}`}
              subjects={subjects}
              defaultSubject={defaultSubject}
              product={product}
              defaultMessage={message}
              person={person}
              job={fromJob?.job.id}
              formToken={servedToken}
            />
          </div>
        </div>
        <ContactDetails contact={contact} />
      </section>
      <ContactMap contact={contact} />
    </>
  );
}
