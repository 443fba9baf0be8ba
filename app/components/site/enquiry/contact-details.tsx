// The contact page's side column: address, e-mail and phone cards, business hours, and the map
// when contact content holds a Google Maps embed.

import type { ReactNode } from "react";
import { Clock, Mail, MapPin, Phone } from "~/components/ui/sprite-icons";
import { type ContactInfo, toTelHref } from "~/modules/content/contact-info";

const MAP_EMBED_PREFIX = "https://www.google.com/maps/embed";

/**
 * Staff may paste the whole `<iframe>` snippet Google gives, or only its URL. Only a Google Maps
 * embed address is ever used as the frame's source.
 */
function toMapEmbedSrc(value: string | null | undefined) {
  if (!value) return null;
  const fromSnippet = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(value)?.[1];
  const candidate = (fromSnippet ?? value).trim().replaceAll("&amp;", "&");
  if (!candidate.startsWith(MAP_EMBED_PREFIX)) return null;
  try {
    const url = new URL(candidate);
    return url.origin === "https://www.google.com" && url.pathname.startsWith("/maps/embed")
      ? url.toString()
      : null;
  } catch {
    return null;
  }
}

function DetailCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </div>
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <div className="mt-1 text-muted-foreground text-sm">{children}</div>
      </div>
    </div>
  );
}

export function ContactDetails({ contact }: { contact: ContactInfo }) {
  const hours = Object.entries(contact.businessHours);
  return (
    <div className="grid content-start gap-4">
      <DetailCard icon={<MapPin aria-hidden className="size-5" />} title="Office Address">
        <address className="whitespace-pre-line not-italic">{contact.address}</address>
      </DetailCard>
      <DetailCard icon={<Mail aria-hidden className="size-5" />} title="Email Us">
        <a
          href={`mailto:${contact.email}`}
          className="break-all font-medium text-foreground underline-offset-4 hover:underline"
        >
          {contact.email}
        </a>
      </DetailCard>
      <DetailCard icon={<Phone aria-hidden className="size-5" />} title="Call Us">
        <a
          href={toTelHref(contact.phone)}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {contact.phone}
        </a>
      </DetailCard>
      {hours.length ? (
        <DetailCard icon={<Clock aria-hidden className="size-5" />} title="Business Hours">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {hours.map(([days, time]) => (
              <div key={days} className="contents">
                <dt>{days}</dt>
                <dd className="whitespace-nowrap text-foreground">{time}</dd>
              </div>
            ))}
          </dl>
        </DetailCard>
      ) : null}
    </div>
  );
}

export function ContactMap({ contact }: { contact: ContactInfo }) {
  const src = toMapEmbedSrc(contact.mapEmbedUrl);
  if (!src) return null;
  return (
    <section aria-label="Map" className="container mx-auto px-4 pb-12">
      <iframe
        src={src}
        title="Map showing our office location"
        className="aspect-[4/3] w-full rounded-xl border shadow-sm sm:aspect-[16/7]"
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        allowFullScreen
      />
    </section>
  );
}
