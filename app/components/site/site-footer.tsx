import { Link } from "react-router";
import { Clock, Mail, MapPin, Phone } from "~/components/ui/sprite-icons";
import { type ContactInfo, toTelHref } from "~/modules/content/contact-info";
import { BusinessHours } from "./business-hours";
import { Logo } from "./logo";
import { FacebookIcon as Facebook, InstagramIcon as Instagram } from "./social-icons";

const FOOTER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/catalog", label: "Catalog" },
  { to: "/case-study", label: "Case Studies" },
  { to: "/certifications", label: "Certificates" },
  { to: "/contact", label: "Contact" },
  { to: "/terms-conditions", label: "Terms & Conditions" },
  { to: "/privacy", label: "Privacy Statement" },
] as const;

export function SiteFooter({
  contact,
  categories,
}: {
  contact: ContactInfo;
  /** The product categories the footer links to, by name. */
  categories: string[];
}) {
  const linkClass = "footer-link";
  return (
    <footer className="bg-stone-900 text-stone-100 print:hidden">
      <div className="container mx-auto grid gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-4">
          <Logo inverted />
          <p className="text-sm text-stone-300">
            Building supplies for New Zealand builders, contractors and DIY projects. Ask us for trade
            pricing.
          </p>
          <div className="flex gap-2">
            <a
              href={contact.socialLinks.facebook}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-md p-2 hover:bg-stone-800"
              aria-label="Facebook (opens in a new tab)"
            >
              <Facebook aria-hidden className="size-5" />
            </a>
            <a
              href={contact.socialLinks.instagram}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-md p-2 hover:bg-stone-800"
              aria-label="Instagram (opens in a new tab)"
            >
              <Instagram aria-hidden className="size-5" />
            </a>
          </div>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 font-semibold">Quick Links</h2>
          <ul className="grid gap-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold">Products</h2>
          <ul className="grid gap-2 text-sm">
            {categories.slice(0, 4).map((category) => (
              <li key={category}>
                <Link to={`/catalog?category=${encodeURIComponent(category)}`} className={linkClass}>
                  {category}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-3 text-sm">
          <h2 className="font-semibold">Contact</h2>
          <p className="flex gap-2 text-stone-300">
            <MapPin aria-hidden className="size-4 shrink-0" /> {contact.address}
          </p>
          <a href={toTelHref(contact.phone)} className={`flex gap-2 ${linkClass}`}>
            <Phone aria-hidden className="size-4 shrink-0" /> {contact.phone}
          </a>
          <a href={`mailto:${contact.email}`} className={`flex gap-2 ${linkClass}`}>
            <Mail aria-hidden className="size-4 shrink-0" /> {contact.email}
          </a>
          <div className="flex gap-2 text-stone-300">
            <Clock aria-hidden className="size-4 shrink-0" />
            <BusinessHours hours={contact.businessHours} className="gap-y-1" />
          </div>
        </div>
      </div>
      <div className="border-stone-800 border-t">
        <p className="container mx-auto px-4 py-4 text-stone-400 text-xs">
          © {new Date().getFullYear()} Trade Counter Ltd. Prices on request: Contact for Price.
        </p>
      </div>
    </footer>
  );
}
