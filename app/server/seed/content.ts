// Home page sections, contact page content, enquiry subjects and the hero overlay setting.
import { nzMonthName } from "~/lib/nz-date";
import type { contactContent, homeContent, siteSettings } from "~/server/db/schema";
import type { ProductCategoryName } from "./taxonomy";

type HomeRow = typeof homeContent.$inferInsert;

export const HOME_TILE_CATEGORIES = [
  "Timber",
  "Roofing",
  "Tools",
  "Hardware",
  "Cladding",
  "Insulation",
] as const satisfies ReadonlyArray<ProductCategoryName>;

const TILE_SUBTITLES: Record<(typeof HOME_TILE_CATEGORIES)[number], string> = {
  Timber: "Framing, posts, decking and engineered beams",
  Roofing: "Profiles cut to length, underlay and flashings",
  Tools: "Cordless power tools and trade hand tools",
  Hardware: "Hinges, locks, gate and door hardware",
  Cladding: "Weatherboards, sheet cladding and wraps",
  Insulation: "Batts, underfloor panels and vapour barriers",
};

const REVIEWS = [
  {
    name: "Mere Tawhiri",
    company: "Tawhiri Builders Ltd",
    rating: 5,
    review:
      "Deliveries turn up when they say they will and the framing is always straight. The team at the counter know their stuff and sort out quotes the same day.",
    project: "New home build, Papakura",
  },
  {
    name: "James O'Connell",
    company: "O'Connell Roofing",
    rating: 5,
    review:
      "Roofing cut to length and on site within 48 hours, flashings to match. Makes our job a lot easier when the weather window is tight.",
    project: "Re-roof, Mt Albert",
  },
  {
    name: "Priya Nair",
    company: "Homeowner",
    rating: 4,
    review:
      "As a first-time renovator I had a lot of questions. They helped me work out the insulation I needed and delivered it all in one go.",
    project: "Bungalow insulation upgrade",
  },
  {
    name: "Sione Fifita",
    company: "Fifita Construction",
    rating: 5,
    review:
      "Our trade account rep keeps on top of every job. When a supplier ran short they found an equivalent product so we did not lose a day.",
    project: "Townhouse development, Ellerslie",
  },
  {
    name: "Hannah Clarke",
    company: "Clarke & Co Decks",
    rating: 4,
    review: "Good range of decking and stainless fixings, fair trade pricing and friendly yard staff.",
    project: "Deck and pergola, Howick",
  },
] as const;

export type HomeImages = {
  hero: readonly [string, string, string];
  tiles: Record<(typeof HOME_TILE_CATEGORIES)[number], string>;
  catalogue: string;
  promotion: string;
  avatars: readonly string[];
};

export function buildHomeContent(images: HomeImages, now: Date): HomeRow[] {
  const hero: HomeRow[] = [
    {
      title: "Building Supplies for New Zealand's Trades",
      subtitle: "Framing timber, roofing, cladding and fixings, delivered to site across Auckland.",
      linkText: "Browse the Catalogue",
      linkUrl: "/catalog",
    },
    {
      title: "Roofing and Cladding, Cut to Length",
      subtitle: "Corrugate and 5-rib profiles rolled to your lengths, with flashings folded to match.",
      linkText: "View Roofing",
      linkUrl: "/catalog?category=Roofing",
    },
    {
      title: "Open a Trade Account",
      subtitle: "Trade pricing, monthly terms and a dedicated rep for builders and contractors.",
      linkText: "Apply Today",
      linkUrl: "/contact?subject=Trade%20Account",
    },
  ].map((row, i) => ({
    ...row,
    sectionType: "hero",
    imageUrl: images.hero[i as 0 | 1 | 2],
    displayOrder: i + 1,
  }));

  const tiles: HomeRow[] = HOME_TILE_CATEGORIES.map((name, i) => ({
    sectionType: "categories",
    title: name,
    subtitle: TILE_SUBTITLES[name],
    imageUrl: images.tiles[name],
    linkText: `Shop ${name}`,
    linkUrl: `/catalog?category=${encodeURIComponent(name)}`,
    displayOrder: i + 1,
  }));

  const catalogue: HomeRow = {
    sectionType: "catalog",
    title: `${nzMonthName(now)} Trade Catalogue`,
    subtitle: "This month's deals on framing, roofing and power tools for trade account holders.",
    imageUrl: images.catalogue,
    linkText: "View the Catalogue",
    linkUrl: "/catalog",
    displayOrder: 1,
  };

  const promotion: HomeRow = {
    sectionType: "promotion",
    title: "Winter Warmth Sale on Insulation",
    subtitle: "Up to 15% off selected wall, ceiling and underfloor insulation while stocks last.",
    imageUrl: images.promotion,
    linkText: "Shop Insulation",
    linkUrl: "/catalog?category=Insulation",
    displayOrder: 1,
  };

  const banner: HomeRow = {
    sectionType: "banner",
    title: "Free Auckland Delivery on Orders over $500",
    subtitle: "Crane-truck and site deliveries available Monday to Saturday.",
    linkText: "Ask About Delivery",
    linkUrl: "/contact?subject=Delivery",
    displayOrder: 1,
  };

  const reviews: HomeRow[] = REVIEWS.map((review, i) => ({
    sectionType: "reviews",
    title: "What Our Customers Say",
    subtitle: "Builders, contractors and homeowners across Auckland",
    content: JSON.stringify(review),
    imageUrl: images.avatars[i % images.avatars.length],
    displayOrder: i,
  }));

  return [...hero, ...tiles, catalogue, promotion, banner, ...reviews];
}

export const REVIEW_COUNT = REVIEWS.length;

export const CONTACT_CONTENT: Array<typeof contactContent.$inferInsert> = [
  {
    contentType: "contact_info",
    title: "Get In Touch",
    subtitle:
      "Call the trade desk, e-mail us a plan for a quote, or visit our Penrose yard. We reply to every enquiry within one working day.",
    phone: "0800 872 332",
    email: "sales@tradecounter.co.nz",
    address: "42 Station Road, Penrose, Auckland 1061",
    businessHours: { "Mon-Fri": "7AM-5PM", Sat: "8AM-2PM" },
    socialLinks: {
      facebook: "https://www.facebook.com/tradecounternz",
      instagram: "https://www.instagram.com/tradecounternz",
    },
    mapEmbedCode:
      "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3190.9!2d174.8155!3d-36.9112!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x0%3A0x0!2zUGVucm9zZSwgQXVja2xhbmQ!5e0!3m2!1sen!2snz!4v1700000000000!5m2!1sen!2snz",
  },
];

export const CONTACT_SUBJECTS = [
  "General Inquiry",
  "Product Information",
  "Quote Request",
  "Trade Account",
  "Delivery",
  "Technical Support",
] as const;

export const SITE_SETTINGS: Array<typeof siteSettings.$inferInsert> = [
  {
    settingKey: "hero_background",
    settingValue: { color: "#1a1a1a", opacity: 0.8, titleColor: "#ffffff", subtitleColor: "#e5e5e5" },
  },
];

/** The demo's one enquiry: a builder asking for a price on three products from the catalogue. */
export const DEMO_ENQUIRY = {
  fullName: "Hēmi Walker",
  email: "hemi.walker@example.co.nz",
  phone: "021 555 0142",
  subject: "Quote Request",
  message:
    "Kia ora, we are framing a three-bedroom house in Papakura next month. Could you price the items on my list, delivered to site?",
  source: "contact" as const,
};
