import type { ReactNode } from "react";
import { Clock, Mail, MapPin, Phone } from "~/components/ui/sprite-icons";
import { type ContactInfo, toTelHref } from "~/modules/content/contact-info";
import { BusinessHours } from "../business-hours";
import { SectionHeading } from "./section-heading";

/**
 * 'Get In Touch': the #contact anchor the reviews' call to action points at. The form comes in as
 * children; the trader's details sit beside it when the layout has them.
 */
export function GetInTouch({ contact, children }: { contact: ContactInfo | null; children: ReactNode }) {
  return (
    <section id="contact" aria-labelledby="contact-heading" data-testid="get-in-touch" className="py-16">
      <div className="container mx-auto px-4">
        <SectionHeading
          id="contact-heading"
          title="Get In Touch"
          description="Send us a quick message about your project and our trade desk will get back to you within one working day."
        />
        <div className="mx-auto mt-10 grid max-w-5xl gap-8 lg:grid-cols-[1fr_2fr]">
          {contact && <ContactDetails contact={contact} />}
          <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">{children}</div>
        </div>
      </div>
    </section>
  );
}

function ContactDetails({ contact }: { contact: ContactInfo }) {
  const linkClass = "font-medium underline-offset-4 hover:underline";
  return (
    <address className="grid content-start gap-5 not-italic">
      <p className="flex gap-3">
        <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <span className="grid">
          <span className="text-muted-foreground text-sm">Call us</span>
          <a href={toTelHref(contact.phone)} className={linkClass}>
            {contact.phone}
          </a>
        </span>
      </p>
      <p className="flex gap-3">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <span className="grid min-w-0">
          <span className="text-muted-foreground text-sm">Email</span>
          <a href={`mailto:${contact.email}`} className={`break-words ${linkClass}`}>
            {contact.email}
          </a>
        </span>
      </p>
      <p className="flex gap-3">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <span className="grid">
          <span className="text-muted-foreground text-sm">Visit</span>
          <span>{contact.address}</span>
        </span>
      </p>
      <div className="flex gap-3">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="grid">
          <span className="text-muted-foreground text-sm">Opening hours</span>
          <BusinessHours hours={contact.businessHours} />
        </div>
      </div>
    </address>
  );
}
