// The privacy statement for the enquiry forms: what they collect, why, who sees it, how long it
// is kept and how to ask for it (Privacy Act 2020, information privacy principles 3, 6 and 7).
// The retention period is the live enquiry setting, so the page never promises what the server
// does not do.
import type * as React from "react";
import { Link, useLoaderData, useRouteLoaderData } from "react-router";
import { CACHEABLE_PAGE } from "~/lib/route-handle";
import { DEFAULT_CONTACT_INFO, toTelHref } from "~/modules/content/contact-info";
import { pageMeta, siteFromMatches } from "~/modules/seo/meta";
import { getEnquirySettings } from "~/modules/settings/enquiry-settings.server";
import type { Route } from "./+types/privacy";
import type { loader as layoutLoader } from "./layout";

/** The same page for every anonymous visitor: it may be served from the page cache. */
export const handle = CACHEABLE_PAGE;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Privacy Statement",
    description:
      "What Trade Counter collects when you send an enquiry, why, who sees it, how long it is kept, and how to see or correct it under the Privacy Act 2020.",
    path: "/privacy",
  });
}

export async function loader() {
  const { attachmentRetentionMonths } = await getEnquirySettings();
  return { attachmentRetentionMonths };
}

function List({ items }: { items: React.ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-muted-foreground">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static text
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="scroll-mt-24 font-bold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function months(count: number) {
  return count === 1 ? "1 month" : `${count} months`;
}

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function Privacy() {
  const { attachmentRetentionMonths } = useLoaderData<typeof loader>();
  const contact =
    useRouteLoaderData<typeof layoutLoader>("routes/public/layout")?.contact ?? DEFAULT_CONTACT_INFO;

  return (
    <article className="container mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="mb-10 border-b pb-6">
        <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">Privacy Statement</h1>
        <p className="mt-3 text-lg text-muted-foreground leading-relaxed">
          How Trade Counter Ltd handles the personal information you give us when you send an enquiry, under
          the New Zealand Privacy Act 2020.
        </p>
      </header>

      <div className="grid gap-10 leading-relaxed">
        <Section id="what-we-collect" title="What we collect">
          <p>
            When you use the contact form or the quick enquiry form on our home page, we collect what you type
            or attach:
          </p>
          <List
            items={[
              "your name and e-mail address;",
              "your phone number, if you give it;",
              "the subject and your message;",
              "a file you choose to attach, such as plans, a photo or a cutting list;",
              "the product you asked about and the products and quantities on your quote list.",
            ]}
          />
          <p>
            With each enquiry our server also records the <strong>IP address</strong> it came from and the{" "}
            <strong>time</strong> it was sent, and counts how many enquiries each address sends. This is how
            we keep automated spam out without making you solve a puzzle.
          </p>
          <p>
            Your quote list is kept in your browser and in a cookie on your device until you send it, so that
            it works without an account. It holds only the products and quantities you chose.
          </p>
        </Section>

        <Section id="accounts" title="If you open an account">
          <p>
            An account is optional: everything on this site works without one. If you open one, we also keep
            your name, e-mail address and password (stored only as a one-way hash), the phone number and
            company you give us, your jobs with their site addresses, clients, notes and product lists, and
            when and on which browser you signed in. Your account shows you the enquiries you send from it and
            the quotes we send to your confirmed e-mail address.
          </p>
          <p>
            In your account you can read or download everything we hold about you, sign out other devices, and
            delete the account. Deleting it removes your account, your sign-ins and your jobs at once. Your
            enquiries and our quotes to you stay with us as business records, no longer tied to an account,
            and are kept as the next sections say.
          </p>
        </Section>

        <Section id="why" title="Why we collect it">
          <List
            items={[
              "to answer your enquiry and follow it up until it is resolved;",
              "to prepare quotes for the products and quantities you ask about;",
              "to send you an e-mail acknowledging your enquiry, with its reference number and a copy of what you sent;",
              "to keep spam and abuse of our forms out.",
            ]}
          />
          <p>We do not use your details for anything else, and we do not add you to a mailing list.</p>
        </Section>

        <Section id="who-sees-it" title="Who sees it">
          <List
            items={[
              "Our staff who handle enquiries: our administrators and sales team, who sign in to our back office to read and answer them.",
              "Our e-mail provider, which delivers the notification of your enquiry to our staff and the acknowledgement to you.",
              "Our website's hosting provider, which stores it for us and may not use it for anything else.",
            ]}
          />
          <p>
            We do not sell, rent or trade your personal information, and we do not share it with anyone else
            unless the law requires us to.
          </p>
        </Section>

        <Section id="optional" title="You choose what to give us">
          <p>
            Sending an enquiry is up to you, and the phone number and the attachment are optional. We do need
            your name, an e-mail address and a message: without contact details we cannot reply to you.
          </p>
        </Section>

        <Section id="how-long" title="How long we keep it">
          <p>
            An account is kept until you delete it (or ask us to); a session you leave signed in ends by
            itself after a few hours. Enquiries are kept as part of our business records. When an enquiry is
            closed (won, lost or marked as spam), any file attached to it is{" "}
            <strong>deleted automatically</strong>{" "}
            <strong data-testid="retention-period">{months(attachmentRetentionMonths)}</strong> after it was
            closed. The counts of enquiries per address that we use against spam are deleted within a day.
          </p>
        </Section>

        <Section id="access-and-correction" title="Seeing and correcting your information">
          <p>
            You have the right to ask for the personal information we hold about you and to ask us to correct
            it (information privacy principles 6 and 7). To do either, contact us:
          </p>
          <address className="grid gap-1 rounded-lg bg-muted p-5 not-italic">
            <span className="font-semibold">Trade Counter Ltd</span>
            <span className="whitespace-pre-line">{contact.address}</span>
            <span>
              E-mail:{" "}
              <a href={`mailto:${contact.email}`} className={`break-all ${linkClass}`}>
                {contact.email}
              </a>
            </span>
            <span>
              Phone:{" "}
              <a href={toTelHref(contact.phone)} className={linkClass}>
                {contact.phone}
              </a>
            </span>
          </address>
          <p>
            We may ask you to confirm who you are before we share or change anything. We will answer as soon
            as we reasonably can, and within 20 working days. If we decide not to correct something, you can
            ask us to keep a statement of the correction you asked for with your information.
          </p>
        </Section>

        <Section id="complaints" title="Concerns and complaints">
          <p>
            If you are unhappy with how we have handled your information, please tell us first so we can put
            it right. You can also complain to the Office of the Privacy Commissioner at{" "}
            <a href="https://www.privacy.org.nz/" className={linkClass}>
              privacy.org.nz
            </a>
            .
          </p>
        </Section>
      </div>

      <p className="mt-12 border-t pt-6 text-muted-foreground">
        Questions about this statement?{" "}
        <Link to="/contact" className={linkClass}>
          Contact us
        </Link>
        .
      </p>
    </article>
  );
}
